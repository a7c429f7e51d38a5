import { errorResponse } from "@/server/http/error-answer";
import { getSharedImage } from "@/server/listings/get-shared-image";

export const dynamic = "force-dynamic";

/** An image of a client link, to anyone holding the link: 404 after revoking, 410 once the images are gone. */
export async function GET(request: Request, { params }: { params: Promise<{ token: string; imageId: string }> }) {
  try {
    const { token, imageId } = await params;
    const file = await getSharedImage({ token, imageId });
    const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
    return new Response(new Uint8Array(file.data), {
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
  } catch (error) {
    return errorResponse(error, request, "shares");
  }
}
