import { addListingPhotosApiSchema } from "@/schemas/public-api";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Adds uploaded photos (POST /api/v1/images) or library photos to the listing. */
export const POST = v1Route({ scope: "listings", write: true, body: addListingPhotosApiSchema }, async ({ caller, params, body }) =>
  v1Json(await addListingPhotos({ userId: caller.ownerId, listingId: params.id!, ...body })),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("POST");
