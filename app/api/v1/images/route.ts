import { UPLOAD_MAX_BYTES } from "@/config/generation";
import { pageQuerySchema, uploadFromUrlSchema } from "@/schemas/public-api";
import { AppError } from "@/server/errors";
import { listGallery } from "@/server/images/list-gallery";
import { uploadImage } from "@/server/images/upload-image";
import { paginate } from "@/server/public-api/paginate";
import { toApiImage } from "@/server/public-api/to-api-visualization";
import { uploadFromUrl } from "@/server/public-api/upload-from-url";
import { invalidInput } from "@/server/invalid-input";
import { v1Json, v1OtherMethods, v1Query, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/**
 * Upload a photo: multipart/form-data with a `file` field, the file's bytes as the body (any image type), or
 * JSON `{ "url": "https://…" }` for the server to fetch. The same checks as the website's upload.
 */
export const POST = v1Route({ scope: "generate", write: true }, async ({ request, caller, clientAddress }) => {
  const type = request.headers.get("content-type") ?? "";
  const { ownerId: userId, teamId } = caller;
  if (type.startsWith("application/json")) {
    const parsed = uploadFromUrlSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) throw invalidInput(parsed.error);
    return v1Json({ image: toApiImage(await uploadFromUrl({ userId, teamId, clientAddress, url: parsed.data.url })) }, 201);
  }
  if (type.startsWith("multipart/form-data")) {
    // The form is read whole: refuse a body past the upload limit (and the form's own few bytes) first.
    if (Number(request.headers.get("content-length") ?? Infinity) > UPLOAD_MAX_BYTES + 64 * 1024) throw new AppError("INVALID_IMAGE", { reason: "tooLarge" });
    const file = (await request.formData().catch(() => null))?.get("file");
    if (!file || typeof file === "string") throw new AppError("INVALID_INPUT", { field: "file", reason: "noFile" });
    return v1Json({ image: toApiImage(await uploadImage({ userId, teamId, clientAddress, body: file.stream() })) }, 201);
  }
  return v1Json({ image: toApiImage(await uploadImage({ userId, teamId, clientAddress, body: request.body })) }, 201);
});

/** The photos and results of the last hour, newest first. */
export const GET = v1Route({ scope: "read" }, async ({ request, caller }) => {
  const page = paginate(await listGallery({ userId: caller.ownerId, teamId: caller.teamId }), (i) => i.id, v1Query(request, pageQuerySchema));
  return v1Json({ data: page.data.map(toApiImage), nextCursor: page.nextCursor });
});

export const { PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET", "POST");
