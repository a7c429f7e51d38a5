import { updateListingPhotoSchema } from "@/schemas/listings";
import { removeListingPhoto } from "@/server/listings/remove-listing-photo";
import { updateListingPhoto } from "@/server/listings/update-listing-photo";
import { otherMethods, userRoute } from "@/web/server/api-route";
import { done, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export const PATCH = userRoute({ ...listingAccess, body: updateListingPhotoSchema }, async ({ user, params, body }) =>
  done(updateListingPhoto({ userId: user.id, listingId: params.id!, photoId: params.photoId!, ...body })),
);

export const DELETE = userRoute(listingAccess, async ({ user, params }) => done(removeListingPhoto({ userId: user.id, listingId: params.id!, photoId: params.photoId! })));

export const { GET, POST, PUT, HEAD, OPTIONS } = otherMethods("PATCH", "DELETE");
