import { AppError } from "@/server/errors";
import { publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** /api, or an address under it that no route serves: the same JSON 404 as any other refusal, not the site's HTML page. */
const noSuchRoute = publicRoute<undefined, { path?: string[] }>({}, async () => {
  throw new AppError("NOT_FOUND");
});

export { noSuchRoute as GET, noSuchRoute as POST, noSuchRoute as PUT, noSuchRoute as PATCH, noSuchRoute as DELETE, noSuchRoute as OPTIONS };
