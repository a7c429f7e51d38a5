import { AppError } from "@/server/errors";
import { getHdDownload } from "@/server/listings/get-hd-download";
import { orderHdCopy } from "@/server/listings/order-hd-copy";
import { fileBody, jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";
import { disclosureLabel, listingAccess } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";
type Params = { id: string; photoId: string };

/**
 * Orders the HD copy of the photo's chosen result: 202 { state, balance } at once; a worker makes it, and
 * gives the token back if it cannot. Ordering again while one waits or runs costs nothing.
 */
export const POST = userRoute<undefined, Params>({ ...listingAccess, rateLimit: "generate" }, async ({ user, params }) =>
  jsonAnswer(await orderHdCopy({ userId: user.id, listingId: params.id, photoId: params.photoId }), 202),
);

/** The HD copy as a JPEG download, with the listing's disclosure label when it is on. */
export const GET = userRoute<undefined, Params>(listingAccess, async ({ request, user, params }) => {
  const file = await getHdDownload({ userId: user.id, listingId: params.id, photoId: params.photoId, label: disclosureLabel(request) });
  if (!file) throw new AppError("NOT_FOUND");
  return new Response(fileBody(file.data), {
    headers: {
      "content-type": "image/jpeg",
      "content-length": String(file.data.length),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="${file.fileName}"`,
    },
  });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
