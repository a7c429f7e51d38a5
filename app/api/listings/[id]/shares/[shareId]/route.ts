import { revokeShareLink } from "@/server/listings/revoke-share-link";
import { otherMethods, userRoute } from "@/web/server/api-route";
import { done, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export const DELETE = userRoute(listingAccess, async ({ user, params }) => done(revokeShareLink({ userId: user.id, listingId: params.id!, shareId: params.shareId! })));

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = otherMethods("DELETE");
