import { createShareLink } from "@/server/listings/create-share-link";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** A new link for the client; its token is in this answer only. */
export const POST = userRoute({ ...listingAccess, rateLimit: "listing" }, async ({ user, params }) => jsonAnswer(await createShareLink({ userId: user.id, listingId: params.id! }), 201));

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
