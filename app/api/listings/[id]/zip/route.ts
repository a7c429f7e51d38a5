import { Readable } from "node:stream";
import { planListingZip, streamListingZip } from "@/server/listings/stream-listing-zip";
import { disclosureLabel, listingRoute } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

const zipHeaders = (fileName: string) => ({
  "content-type": "application/zip",
  "cache-control": "private, no-store",
  "content-disposition": `attachment; filename="${fileName}"`,
});

/** Download all: the chosen results as one ZIP, streamed as it is made. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return listingRoute(request, async (userId) => {
    const zip = await streamListingZip({ userId, listingId: (await params).id, label: disclosureLabel(request) });
    return new Response(Readable.toWeb(zip.stream) as ReadableStream<Uint8Array>, { headers: zipHeaders(zip.fileName) });
  });
}

/** The same answer without a body, and without making the ZIP (Next answers a HEAD with GET otherwise). */
export async function HEAD(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return listingRoute(request, async (userId) => new Response(null, { headers: zipHeaders((await planListingZip({ userId, listingId: (await params).id })).fileName) }));
}
