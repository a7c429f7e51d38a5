import { Readable } from "node:stream";
import { requestLocale } from "@/server/http/error-answer";
import { streamListingZip } from "@/server/listings/stream-listing-zip";
import { disclosureLabels } from "@/web/server/listing-api";
import { v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** The chosen results as one ZIP, streamed as it is made. */
export const GET = v1Route({ scope: "listings" }, async ({ request, caller, params }) => {
  const zip = await streamListingZip({ userId: caller.ownerId, listingId: params.id!, labels: disclosureLabels(request), locale: requestLocale(request) });
  return new Response(Readable.toWeb(zip.stream) as ReadableStream<Uint8Array>, {
    headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="${zip.fileName}"` },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
