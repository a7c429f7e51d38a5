import { createListingSchema } from "@/schemas/listings";
import { createListing } from "@/server/listings/create-listing";
import { listListings } from "@/server/listings/list-listings";
import { activeTeamId } from "@/web/server/active-team";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { listingIndexAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export const GET = userRoute(listingIndexAccess, async ({ user }) => jsonAnswer({ listings: await listListings({ userId: user.id, teamId: await activeTeamId(user.id) }) }));

export const POST = userRoute({ ...listingIndexAccess, rateLimit: "listing", body: createListingSchema }, async ({ user, body }) => {
  const created = await createListing({ userId: user.id, teamId: await activeTeamId(user.id), name: body.name });
  return jsonAnswer({ listing: { id: created.id, name: created.name } }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
