import { listGallery } from "@/server/images/list-gallery";
import { uploadImage } from "@/server/images/upload-image";
import { activeTeamId } from "@/web/server/active-team";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** Upload: the body is the file's bytes. This path bypasses the proxy (it would buffer and cut bodies over 10 MB), so the origin check is here. */
export const POST = userRoute({ checkOrigin: true, rateLimit: "upload" }, async ({ request, user }) => {
  // server.ts puts the client's address here (the proxy's, when TRUST_PROXY says so).
  const image = await uploadImage({ userId: user.id, teamId: await activeTeamId(user.id), clientAddress: request.headers.get("x-forwarded-for") || "unknown", body: request.body });
  return jsonAnswer({ image }, 201);
});

export const GET = userRoute({}, async ({ user }) => jsonAnswer({ images: await listGallery({ userId: user.id, teamId: await activeTeamId(user.id) }) }));

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
