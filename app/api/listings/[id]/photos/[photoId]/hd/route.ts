import { hdRequestSchema } from "@/schemas/listings";
import { getEngine } from "@/server/engines/get-engine";
import { AppError } from "@/server/errors";
import { getHdDownload } from "@/server/listings/get-hd-download";
import { upscaleChosenResult } from "@/server/listings/upscale-chosen-result";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { disclosureLabel, listingRoute, parseBody } from "@/web/server/listing-api";

export const dynamic = "force-dynamic";
type Params = { params: Promise<{ id: string; photoId: string }> };

/** Orders the HD copy of the photo's chosen result: one token, given back if the upscale fails. */
export async function POST(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => {
    const { id, photoId } = await params;
    const { requestId } = await parseBody(request, hdRequestSchema);
    await hitRateLimit({ rule: "generate", subject: userId });
    return upscaleChosenResult({ userId, listingId: id, photoId, requestId, engine: await getEngine() });
  });
}

/** The HD copy as a JPEG download, with the listing's disclosure label when it is on. */
export async function GET(request: Request, { params }: Params) {
  return listingRoute(request, async (userId) => {
    const { id, photoId } = await params;
    const file = await getHdDownload({ userId, listingId: id, photoId, label: disclosureLabel(request) });
    if (!file) throw new AppError("NOT_FOUND");
    return new Response(new Uint8Array(file.data), {
      headers: {
        "content-type": "image/jpeg",
        "content-length": String(file.data.length),
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-disposition": `attachment; filename="${file.fileName}"`,
      },
    });
  });
}
