import { chooseListingResultSchema } from "@/schemas/listings";
import { chooseListingResult } from "@/server/listings/choose-listing-result";
import { listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

export async function PUT(request: Request, { params }: { params: Promise<{ id: string; photoId: string }> }) {
  return listingRoute(request, async (userId) => {
    const { id, photoId } = await params;
    return chooseListingResult({ userId, listingId: id, photoId, ...(await parseBody(request, chooseListingResultSchema)) });
  });
}
