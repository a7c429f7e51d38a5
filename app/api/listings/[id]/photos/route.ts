import { addListingPhotosSchema, reorderListingPhotosSchema } from "@/schemas/listings";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { reorderListingPhotos } from "@/server/listings/reorder-listing-photos";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { done, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** Adds photos already uploaded (POST /api/images), from the gallery or the library. */
export const POST = userRoute({ ...listingAccess, body: addListingPhotosSchema }, async ({ user, params, body }) =>
  jsonAnswer(await addListingPhotos({ userId: user.id, listingId: params.id!, ...body })),
);

/** The new order of all the listing's photos. */
export const PUT = userRoute({ ...listingAccess, body: reorderListingPhotosSchema }, async ({ user, params, body }) =>
  done(reorderListingPhotos({ userId: user.id, listingId: params.id!, ...body })),
);

export const { GET, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST", "PUT");
