import { uploadMask } from "@/server/images/upload-mask";
import { toApiImage } from "@/server/public-api/to-api-visualization";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** A mask over the photo (the body: a PNG of the photo's size, white where to edit), for the modes that take one. */
export const POST = v1Route({ scope: "generate", write: true }, async ({ request, caller, params }) => {
  const made = await uploadMask({ userId: caller.ownerId, teamId: caller.teamId, source: { type: "image", imageId: params.id! }, body: request.body });
  return v1Json({ mask: toApiImage(made.image) }, 201);
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("POST");
