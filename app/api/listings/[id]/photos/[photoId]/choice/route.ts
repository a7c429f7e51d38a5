import { chooseListingResultSchema } from "@/schemas/listings";
import { chooseListingResult } from "@/server/listings/choose-listing-result";
import { otherMethods, userRoute } from "@/web/server/api-route";
import { done, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export const PUT = userRoute({ ...listingAccess, body: chooseListingResultSchema }, async ({ user, params, body }) =>
  done(chooseListingResult({ userId: user.id, listingId: params.id!, photoId: params.photoId!, ...body })),
);

export const { GET, POST, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("PUT");
