import { updateListingSchema } from "@/schemas/listings";
import { deleteListing } from "@/server/listings/delete-listing";
import { getListing } from "@/server/listings/get-listing";
import { updateListing } from "@/server/listings/update-listing";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { done, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export const GET = userRoute(listingAccess, async ({ user, params }) => jsonAnswer({ listing: await getListing({ userId: user.id, listingId: params.id! }) }));

export const PATCH = userRoute({ ...listingAccess, body: updateListingSchema }, async ({ user, params, body }) => done(updateListing({ userId: user.id, listingId: params.id!, ...body })));

export const DELETE = userRoute(listingAccess, async ({ user, params }) => done(deleteListing({ userId: user.id, listingId: params.id! })));

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
