import { z } from "zod";
import { imageSourceSchema } from "@/schemas/generation";
import { AppError } from "@/server/errors";
import { uploadMask } from "@/server/images/upload-mask";
import { activeTeamId } from "@/web/server/active-team";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

const query = z.union([
  z.object({ image: z.string().min(1).max(100) }).transform(({ image }) => ({ type: "image" as const, imageId: image })),
  z.object({ library: z.string().min(1).max(100) }).transform(({ library }) => ({ type: "library" as const, libraryId: library })),
]).pipe(imageSourceSchema);

/** A mask painted over a photo: the body is the image's bytes, `?image=<id>` or `?library=<id>` → 201 { image, source }. */
export const POST = userRoute({ rateLimit: "upload" }, async ({ request, user }) => {
  const source = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!source.success) throw new AppError("INVALID_INPUT", { field: "source" });
  return jsonAnswer(await uploadMask({ userId: user.id, teamId: await activeTeamId(user.id), source: source.data, body: request.body }), 201);
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
