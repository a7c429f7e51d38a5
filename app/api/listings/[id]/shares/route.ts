import { createShareLink } from "@/server/listings/create-share-link";
import { listingRoute } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** A new link for the client; its token is in this answer only. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return listingRoute(request, async (userId) => {
    const link = await createShareLink({ userId, listingId: (await params).id });
    return Response.json(link, { status: 201, headers: { "cache-control": "no-store" } });
  });
}
