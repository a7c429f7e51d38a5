import { getSharedImage } from "@/server/listings/get-shared-image";
import { fileBody, otherMethods, publicRoute } from "@/web/server/api-route";
import { sharedImageLabel } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/**
 * An image of a client link, to anyone holding the link (a result with the listing's label burnt in, in the
 * language `?locale=` names): 404 after revoking, 410 once the images are gone.
 */
export const GET = publicRoute({ context: "shares" }, async ({ request, params }) => {
  const file = await getSharedImage({ token: params.token!, imageId: params.imageId!, label: sharedImageLabel(request) });
  const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
  return new Response(fileBody(file.data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.length),
      // Private: a revoked link must stop working, so no shared cache may keep a copy.
      "cache-control": `private, max-age=${Math.min(secondsLeft, 300)}`,
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex",
      "referrer-policy": "no-referrer",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
