import { AppError } from "@/server/errors";
import { getProofImage } from "@/server/provenance/get-proof-image";
import { fileBody, otherMethods, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** The photo (`original`) or the result of a published proof, while they live: 404 unpublished, 410 gone. */
export const GET = publicRoute({ context: "proofs" }, async ({ params }) => {
  const which = params.which;
  if (which !== "original" && which !== "result") throw new AppError("NOT_FOUND");
  const file = await getProofImage({ id: params.id!.toUpperCase(), which });
  const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
  return new Response(fileBody(file.data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.length),
      "cache-control": `private, max-age=${Math.min(secondsLeft, 300)}`,
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
