import { createListingSchema } from "@/schemas/listings";
import { createListing } from "@/server/listings/create-listing";
import { listListings } from "@/server/listings/list-listings";
import { getActiveAccount } from "@/server/teams/get-active-account";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { listingIndexAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** Where the person works now (their own account or a team, read on every request): what they list and create belongs there. */
async function teamOf(userId: string): Promise<string | null> {
  const active = await getActiveAccount({ userId });
  return active.kind === "team" ? active.teamId : null;
}

export const GET = userRoute(listingIndexAccess, async ({ user }) => jsonAnswer({ listings: await listListings({ userId: user.id, teamId: await teamOf(user.id) }) }));

export const POST = userRoute({ ...listingIndexAccess, rateLimit: "listing", body: createListingSchema }, async ({ user, body }) => {
  const created = await createListing({ userId: user.id, teamId: await teamOf(user.id), name: body.name });
  return jsonAnswer({ listing: { id: created.id, name: created.name } }, 201);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
