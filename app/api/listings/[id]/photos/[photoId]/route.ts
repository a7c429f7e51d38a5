import { updateListingPhotoSchema } from "@/schemas/listings";
import { removeListingPhoto } from "@/server/listings/remove-listing-photo";
import { updateListingPhoto } from "@/server/listings/update-listing-photo";
import { listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";
type Params = { params: Promise<{ id: string; photoId: string }> };

export async function PATCH(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => {
    const { id, photoId } = await params;
    return updateListingPhoto({ userId, listingId: id, photoId, ...(await parseBody(request, updateListingPhotoSchema)) });
  });
}

export async function DELETE(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => {
    const { id, photoId } = await params;
    return removeListingPhoto({ userId, listingId: id, photoId });
  });
}
