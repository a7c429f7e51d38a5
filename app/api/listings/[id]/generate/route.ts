import { generateListingSchema } from "@/schemas/listings";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { generateListing } from "@/server/listings/generate-listing";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** Generate for every photo of the listing: one spend of photos × styles × variations tokens. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return listingRoute(request, async (userId) => {
    const body = await parseBody(request, generateListingSchema);
    await hitRateLimit({ rule: "generate", subject: userId });
    const result = await generateListing({ userId, listingId: (await params).id, ...body, engineId: getEngineInfo().id });
    return Response.json(result, { status: 201, headers: { "cache-control": "no-store" } });
  });
}
