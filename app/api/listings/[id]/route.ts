import { updateListingSchema } from "@/schemas/listings";
import { deleteListing } from "@/server/listings/delete-listing";
import { getListing } from "@/server/listings/get-listing";
import { updateListing } from "@/server/listings/update-listing";
import { listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";
type Params = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => ({ listing: await getListing({ userId, listingId: (await params).id }) }));
}

export async function PATCH(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => updateListing({ userId, listingId: (await params).id, ...(await parseBody(request, updateListingSchema)) }));
}

export async function DELETE(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => deleteListing({ userId, listingId: (await params).id }));
}
