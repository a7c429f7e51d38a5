import { UPLOAD_MAX_BYTES } from "@/config/generation";
import { readLimitedBody } from "@/server/images/read-limited-body";
import { checkImage } from "@/server/provenance/check-image";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import type { Wording } from "@/server/http/error-answer";
import { jsonAnswer, otherMethods, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** The check reads fewer formats than an upload takes: its refusals name its own (verify.errors). */
const checkWording: Wording = {
  namespace: "verify",
  keys: Object.fromEntries(["empty", "tooLarge", "notImage", "unsupported", "tooManyPixels", "truncated"].map((reason) => [`INVALID_IMAGE:${reason}`, reason])),
};

/**
 * The check page's answer for machines: the body is an image's bytes (JPEG, PNG or WebP, up to 20 MB); the
 * answer says whether we made it (manifest, watermark), what the proof says, and why a manifest does not
 * validate. Nothing is stored. Under /api/images so that the proxy, which buffers bodies, stays out of the way.
 */
export const POST = publicRoute({ context: "verify", wording: checkWording }, async ({ request }) => {
  await hitRateLimit({ rule: "verify", subject: `address:${request.headers.get("x-forwarded-for") || "unknown"}` });
  const image = await readLimitedBody({ body: request.body, maxBytes: UPLOAD_MAX_BYTES });
  return jsonAnswer(await checkImage({ image }));
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
