import { Readable } from "node:stream";
import { streamListingZip } from "@/server/listings/stream-listing-zip";
import { disclosureLabel, listingRoute } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

/** Download all: the chosen results as one ZIP, streamed as it is made. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return listingRoute(request, async (userId) => {
    const zip = await streamListingZip({ userId, listingId: (await params).id, label: disclosureLabel(request) });
    return new Response(Readable.toWeb(zip.stream) as ReadableStream<Uint8Array>, {
      headers: {
        "content-type": "application/zip",
        "cache-control": "private, no-store",
        "content-disposition": `attachment; filename="${zip.fileName}"`,
      },
    });
  });
}
