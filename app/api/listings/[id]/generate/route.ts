import { generateListingSchema } from "@/schemas/listings";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { generateListing } from "@/server/listings/generate-listing";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** Generate for every photo of the listing: one spend of photos × styles × variations tokens. */
export const POST = userRoute({ ...listingAccess, rateLimit: "generate", body: generateListingSchema }, async ({ user, params, body }) =>
  jsonAnswer(await generateListing({ userId: user.id, listingId: params.id!, ...body, engineId: getEngineInfo().id }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
