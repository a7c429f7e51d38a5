import { getBatch } from "@/server/generation/get-batch";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** One of the caller's batches: 404 for anyone else (and for visitors). */
export const GET = userRoute({ visitor: "NOT_FOUND" }, async ({ user, params }) =>
  jsonAnswer({ batch: await getBatch({ userId: user.id, batchId: params.id! }) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
