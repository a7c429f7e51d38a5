import { addListingPhotosSchema, reorderListingPhotosSchema } from "@/schemas/listings";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { reorderListingPhotos } from "@/server/listings/reorder-listing-photos";
import { listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";
type Params = { params: Promise<{ id: string }> };

/** Adds photos already uploaded (POST /api/images), from the gallery or the library. */
export async function POST(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => addListingPhotos({ userId, listingId: (await params).id, ...(await parseBody(request, addListingPhotosSchema)) }));
}

/** The new order of all the listing's photos. */
export async function PUT(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => reorderListingPhotos({ userId, listingId: (await params).id, ...(await parseBody(request, reorderListingPhotosSchema)) }));
}
