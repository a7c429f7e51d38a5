import { createListingSchema } from "@/schemas/listings";
import { createListing } from "@/server/listings/create-listing";
import { listListings } from "@/server/listings/list-listings";
import { listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return listingRoute(request, async (userId) => ({ listings: await listListings({ userId }) }));
}

export async function POST(request: Request) {
  return listingRoute(request, async (userId) => {
    const { name } = await parseBody(request, createListingSchema);
    const created = await createListing({ userId, name });
    return Response.json({ listing: { id: created.id, name: created.name } }, { status: 201, headers: { "cache-control": "no-store" } });
  });
}
