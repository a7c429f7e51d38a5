import { Readable } from "node:stream";
import { portalIds, portalProfiles, type PortalId, type PortalProfile } from "@/config/listing-portals";
import { AppError } from "@/server/errors";
import { requestLocale } from "@/server/http/error-answer";
import { planListingZip, streamListingZip } from "@/server/listings/stream-listing-zip";
import { otherMethods, userRoute } from "@/web/server/api-route";
import { disclosureLabels, downloadLimits, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";

const zipHeaders = (fileName: string) => ({
  "content-type": "application/zip",
  "cache-control": "private, no-store",
  "content-disposition": `attachment; filename="${fileName}"`,
});

/** The portal the photos go to (`?portal=crmls`, src/config/listing-portals.ts); none named: the listing's own label setting, as before. */
function portalOf(request: Request): PortalProfile | undefined {
  const id = new URL(request.url).searchParams.get("portal");
  if (id === null) return undefined;
  if (!(portalIds as readonly string[]).includes(id)) throw new AppError("INVALID_INPUT", { field: "portal" });
  return portalProfiles[id as PortalId];
}

/** Download all: the chosen results as one ZIP, streamed as it is made; it counts as under way until its end. */
export const GET = userRoute(listingAccess, async ({ request, user, params }) => {
  const release = await downloadLimits(request, user.id);
  try {
    const zip = await streamListingZip({ userId: user.id, listingId: params.id!, labels: disclosureLabels(request), portal: portalOf(request), locale: requestLocale(request) });
    void zip.done.finally(release);
    return new Response(Readable.toWeb(zip.stream) as ReadableStream<Uint8Array>, { headers: zipHeaders(zip.fileName) });
  } catch (error) {
    release();
    throw error;
  }
});

/** The same answer without a body, and without making the ZIP (Next answers a HEAD with GET otherwise). */
export const HEAD = userRoute(listingAccess, async ({ request, user, params }) =>
  new Response(null, { headers: zipHeaders((await planListingZip({ userId: user.id, listingId: params.id!, portal: portalOf(request), locale: requestLocale(request) })).fileName) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
