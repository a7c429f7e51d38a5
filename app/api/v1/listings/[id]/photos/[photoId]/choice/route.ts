import { chooseResultApiSchema } from "@/schemas/public-api";
import { chooseListingResult } from "@/server/listings/choose-listing-result";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Chooses the result the ZIP, the HD copy and the client's link carry for this photo (null: none). */
export const PUT = v1Route({ scope: "listings", write: true, body: chooseResultApiSchema }, async ({ caller, params, body }) => {
  await chooseListingResult({ userId: caller.ownerId, listingId: params.id!, photoId: params.photoId!, visualizationId: body.visualizationId });
  return v1Json({ ok: true });
});

export const { GET, POST, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("PUT");
