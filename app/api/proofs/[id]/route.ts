import { AppError } from "@/server/errors";
import { getProof } from "@/server/provenance/get-proof";
import { jsonAnswer, otherMethods, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** A result's proof as JSON, by its proof id (the watermark's payload): the facts, and whether its images still live. */
export const GET = publicRoute({ context: "proofs" }, async ({ params }) => {
  const proof = await getProof({ id: params.id!.toUpperCase() });
  if (!proof) throw new AppError("NOT_FOUND");
  return jsonAnswer({ proof });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
