import { revokeShareLink } from "@/server/listings/revoke-share-link";
import { listingRoute } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export async function DELETE(request: Request, { params }: { params: Promise<{ id: string; shareId: string }> }) {
  return listingRoute(request, async (userId) => {
    const { id, shareId } = await params;
    return revokeShareLink({ userId, listingId: id, shareId });
  });
}
