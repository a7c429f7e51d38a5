import { createListingApiSchema, pageQuerySchema } from "@/schemas/public-api";
import { createListing } from "@/server/listings/create-listing";
import { listListings } from "@/server/listings/list-listings";
import { paginate } from "@/server/public-api/paginate";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { v1Json, v1OtherMethods, v1Query, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

export const GET = v1Route({ scope: "listings" }, async ({ request, caller }) =>
  v1Json(paginate(await listListings({ userId: caller.ownerId, teamId: caller.teamId }), (l) => l.id, v1Query(request, pageQuerySchema))),
);

/** A new listing (the website's limit of new listings per person applies). */
export const POST = v1Route({ scope: "listings", write: true, body: createListingApiSchema }, async ({ caller, body }) => {
  await hitRateLimit({ rule: "listing", subject: caller.ownerId });
  const created = await createListing({ userId: caller.ownerId, teamId: caller.teamId, name: body.name });
  return v1Json({ listing: { id: created.id, name: created.name } }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET", "POST");
