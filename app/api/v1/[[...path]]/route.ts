import { AppError } from "@/server/errors";
import { v1Refusal } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** /api/v1, or an address under it that no route serves: a 404 in the API's own error shape and the request's language. */
const noSuchRoute = (request: Request) => v1Refusal(new AppError("NOT_FOUND", { reason: "unknownPath" }), request);

export { noSuchRoute as GET, noSuchRoute as POST, noSuchRoute as PUT, noSuchRoute as PATCH, noSuchRoute as DELETE, noSuchRoute as OPTIONS };
