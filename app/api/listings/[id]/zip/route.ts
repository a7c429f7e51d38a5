import { Readable } from "node:stream";
import { planListingZip, streamListingZip } from "@/server/listings/stream-listing-zip";
import { otherMethods, userRoute } from "@/web/server/api-route";
import { disclosureLabel, downloadLimits, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

const zipHeaders = (fileName: string) => ({
  "content-type": "application/zip",
  "cache-control": "private, no-store",
  "content-disposition": `attachment; filename="${fileName}"`,
});

/** Download all: the chosen results as one ZIP, streamed as it is made; it counts as under way until its end. */
export const GET = userRoute(listingAccess, async ({ request, user, params }) => {
  const release = await downloadLimits(request, user.id);
  try {
    const zip = await streamListingZip({ userId: user.id, listingId: params.id!, label: disclosureLabel(request) });
    void zip.done.finally(release);
    return new Response(Readable.toWeb(zip.stream) as ReadableStream<Uint8Array>, { headers: zipHeaders(zip.fileName) });
  } catch (error) {
    release();
    throw error;
  }
});

/** The same answer without a body, and without making the ZIP (Next answers a HEAD with GET otherwise). */
export const HEAD = userRoute(listingAccess, async ({ user, params }) =>
  new Response(null, { headers: zipHeaders((await planListingZip({ userId: user.id, listingId: params.id! })).fileName) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
