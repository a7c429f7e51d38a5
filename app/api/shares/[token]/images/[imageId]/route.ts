import { getSharedImage } from "@/server/listings/get-shared-image";
import { fileBody, otherMethods, publicRoute } from "@/web/server/api-route";
import { sharedImageLabels, sharedImageLimits } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

const imageHeaders = (file: { contentType: string; expiresAt: Date }) => {
  const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
  return {
    "content-type": file.contentType,
    // Private: a revoked link must stop working, so no shared cache may keep a copy.
    "cache-control": `private, max-age=${Math.min(secondsLeft, 300)}`,
    "x-content-type-options": "nosniff",
    "x-robots-tag": "noindex",
    "referrer-policy": "no-referrer",
  };
};

/**
 * An image of a client link, to anyone holding the link (a result with the listing's label burnt in, in the
 * language `?locale=` names): 404 after revoking, 410 once the images are gone; 429 past the link's or the
 * client address's share of downloads.
 */
export const GET = publicRoute({ context: "shares" }, async ({ request, params }) => {
  const release = sharedImageLimits(request, params.token!);
  try {
    const file = await getSharedImage({ token: params.token!, imageId: params.imageId!, labels: sharedImageLabels(request) });
    const data = await file.read();
    return new Response(fileBody(data), { headers: { ...imageHeaders(file), "content-length": String(data.length) } });
  } finally {
    release();
  }
});

/** The same answer without a body, and without making the file (Next answers a HEAD with GET otherwise). */
export const HEAD = publicRoute({ context: "shares" }, async ({ request, params }) => {
  const release = sharedImageLimits(request, params.token!);
  try {
    return new Response(null, { headers: imageHeaders(await getSharedImage({ token: params.token!, imageId: params.imageId!, labels: sharedImageLabels(request) })) });
  } finally {
    release();
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
