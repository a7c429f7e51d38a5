import { AppError } from "@/server/errors";
import { requestLocale } from "@/server/http/error-answer";
import { getHdDownload } from "@/server/listings/get-hd-download";
import { orderHdCopy } from "@/server/listings/order-hd-copy";
import { rememberHdOrder } from "@/server/public-api/remember-hd-order";
import { fileBody } from "@/web/server/api-route";
import { downloadLimits } from "@/web/server/listing-api";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Orders the HD copy of the chosen result (one token, given back if it cannot be made; a test key's is free, a plain upscale). */
export const POST = v1Route({ scope: "listings", write: true }, async ({ caller, params }) => {
  const order = await orderHdCopy({ userId: caller.ownerId, listingId: params.id!, photoId: params.photoId!, free: caller.mode === "test" });
  await rememberHdOrder({ caller, listingId: params.id!, photoId: params.photoId! });
  return v1Json(order, 202);
});

/** The HD copy as a JPEG, with the listing's disclosure label when it is on (in the Accept-Language language). */
export const GET = v1Route({ scope: "listings" }, async ({ request, caller, params }) => {
  // The website's download limits, per account and address (the labelled file is stored with the copy: nothing is made here).
  const release = await downloadLimits(request, caller.ownerId);
  try {
    const file = await getHdDownload({ userId: caller.ownerId, listingId: params.id!, photoId: params.photoId!, locale: requestLocale(request) });
    if (!file) throw new AppError("NOT_FOUND");
    const data = await file.read();
    return new Response(fileBody(data), {
      headers: { "content-type": "image/jpeg", "content-length": String(data.length), "content-disposition": `attachment; filename="${file.fileName}"` },
    });
  } finally {
    release();
  }
});

export const { PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET", "POST");
