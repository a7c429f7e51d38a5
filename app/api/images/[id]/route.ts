import { AppError } from "@/server/errors";
import { getImageFile } from "@/server/generation/get-image-file";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";

export const dynamic = "force-dynamic";

/** One of the user's images: 404 for anyone else (and for visitors), 410 once its hour has passed. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("NOT_FOUND"), request);
  try {
    const file = await getImageFile({ userId: user.id, imageId: (await params).id });
    const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
    const download = new URL(request.url).searchParams.has("download");
    return new Response(new Uint8Array(file.data), {
      headers: {
        "content-type": file.contentType,
        "content-length": String(file.data.length),
        "cache-control": `private, max-age=${secondsLeft}`,
        "x-content-type-options": "nosniff",
        "content-disposition": `${download ? "attachment" : "inline"}; filename="aranzer-${file.kind}.webp"`,
      },
    });
  } catch (error) {
    return errorResponse(error, request);
  }
}
