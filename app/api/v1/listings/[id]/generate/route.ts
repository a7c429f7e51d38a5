import { generateListingApiSchema } from "@/schemas/public-api";
import { startListingGeneration } from "@/server/public-api/start-listing-generation";
import { requestIdFor, v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Generate for every photo: one spend of photos × styles × variations tokens, one visualization per photo. */
export const POST = v1Route({ scope: "listings", write: true, body: generateListingApiSchema }, async (context) =>
  v1Json(await startListingGeneration({ caller: context.caller, listingId: context.params.id!, request: context.body, requestId: requestIdFor(context) }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("POST");
