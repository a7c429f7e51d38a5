import { getImageFile } from "@/server/images/get-image-file";
import { slugify } from "@/server/listings/slugify";
import { fileBody, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

const extensions: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/**
 * One of the user's images: 404 for anyone else (and for visitors), 410 once its hour has passed. `?download`
 * makes it an attachment, named after `?name=` (the card's room and style, made safe) so that several
 * downloads can be told apart.
 */
export const GET = userRoute({ visitor: "NOT_FOUND" }, async ({ request, user, params }) => {
  const query = new URL(request.url).searchParams;
  const file = await getImageFile({ userId: user.id, imageId: params.id!, display: query.get("size") === "display" });
  const secondsLeft = Math.max(0, Math.floor((file.expiresAt.getTime() - Date.now()) / 1000));
  const download = query.has("download");
  const name = slugify(query.get("name") ?? "") || file.kind;
  return new Response(fileBody(file.data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.length),
      "cache-control": file.interim ? "no-store" : `private, max-age=${secondsLeft}`,
      "x-content-type-options": "nosniff",
      "content-disposition": `${download ? "attachment" : "inline"}; filename="aranzer-${name}.${extensions[file.contentType] ?? "webp"}"`,
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
