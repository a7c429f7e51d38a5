import { getImageFile } from "@/server/images/get-image-file";
import { fileBody } from "@/web/server/api-route";
import { v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** An image's bytes (a photo or a result); `?size=display` a result's smaller JPEG. 404 for anyone else's, 410 after its hour. */
export const GET = v1Route({ scope: "read" }, async ({ request, caller, params }) => {
  const file = await getImageFile({ userId: caller.ownerId, imageId: params.id!, display: new URL(request.url).searchParams.get("size") === "display" });
  return new Response(fileBody(file.data), {
    headers: { "content-type": file.contentType, "content-length": String(file.data.length), "x-content-type-options": "nosniff", "cache-control": "private, no-store" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
