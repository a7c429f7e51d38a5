import { AppError } from "@/server/errors";
import { getHdDownload } from "@/server/listings/get-hd-download";
import { orderHdCopy } from "@/server/listings/order-hd-copy";
import { fileBody, jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { disclosureLabels, downloadLimits, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";
type Params = { id: string; photoId: string };

/**
 * Orders the HD copy of the photo's chosen result: 202 { state, balance } at once; a worker makes it, and
 * gives the token back if it cannot. Ordering again while one waits or runs costs nothing.
 */
export const POST = userRoute<undefined, Params>({ ...listingAccess, rateLimit: "generate" }, async ({ user, params }) =>
  jsonAnswer(await orderHdCopy({ userId: user.id, listingId: params.id, photoId: params.photoId }), 202),
);

const hdHeaders = (fileName: string) => ({
  "content-type": "image/jpeg",
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
  "content-disposition": `attachment; filename="${fileName}"`,
});

/** The HD copy as a JPEG download, with the listing's disclosure label when it is on (made once, then kept). */
export const GET = userRoute<undefined, Params>(listingAccess, async ({ request, user, params }) => {
  const release = await downloadLimits(request, user.id);
  try {
    const file = await getHdDownload({ userId: user.id, listingId: params.id, photoId: params.photoId, labels: disclosureLabels(request) });
    if (!file) throw new AppError("NOT_FOUND");
    const data = await file.read();
    return new Response(fileBody(data), { headers: { ...hdHeaders(file.fileName), "content-length": String(data.length) } });
  } finally {
    release();
  }
});

/** The same answer without a body, and without making the file (Next answers a HEAD with GET otherwise). */
export const HEAD = userRoute<undefined, Params>(listingAccess, async ({ request, user, params }) => {
  const file = await getHdDownload({ userId: user.id, listingId: params.id, photoId: params.photoId, labels: disclosureLabels(request) });
  if (!file) throw new AppError("NOT_FOUND");
  return new Response(null, { headers: hdHeaders(file.fileName) });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
