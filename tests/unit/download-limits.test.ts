import { describe, expect, it, vi } from "vitest";
import { DOWNLOAD_BUSY_RETRY_SECONDS, DOWNLOADS_IN_FLIGHT, SHARED_IMAGE_PACE } from "@/config/listings";
import { admitDownload } from "@/server/listings/admit-download";
import { hashShareToken } from "@/server/listings/hash-share-token";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";

let user: { id: string } | null = null;
vi.mock("@/web/server/api", () => ({ apiUser: async () => user }));

const hd = await import("~/app/api/listings/[id]/photos/[photoId]/hd/route");
const shared = await import("~/app/api/shares/[token]/images/[imageId]/route");

const hdDownload = (headers: Record<string, string> = {}) =>
  hd.GET(new Request("http://localhost/api/listings/l1/photos/p1/hd", { headers }), { params: Promise.resolve({ id: "l1", photoId: "p1" }) });

/** Status, Retry-After and the error's code and message, as a browser or script reads a refusal. */
async function refusal(response: Response) {
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, retryAfter: response.headers.get("retry-after"), code: error.code, message: error.message };
}

describe("download limits at the routes", () => {
  const db = useInstalledPglite();

  it("answers an account's download past its share under way 429 with Retry-After, in the page's language", async () => {
    user = { id: await insertUser(db()) };
    const held = Array.from({ length: DOWNLOADS_IN_FLIGHT.perAccount }, (_, i) => admitDownload({ userId: user!.id, clientAddress: `10.9.0.${i}` }));
    try {
      expect(await refusal(await hdDownload())).toEqual({ status: 429, retryAfter: String(DOWNLOAD_BUSY_RETRY_SECONDS), code: "RATE_LIMITED", message: "Zbyt wiele pobrań naraz. Spróbuj ponownie za kilka sekund." });
      expect((await refusal(await hdDownload({ referer: "http://localhost/en/listings/l1" }))).message).toBe("Too many downloads at once. Please try again in a few seconds.");
    } finally {
      for (const release of held) release();
    }
  });

  it("answers an account's downloads past their number a minute 429 with the seconds until the next", async () => {
    user = { id: await insertUser(db()) };
    await hitRateLimit({ rule: "download", subject: user.id, count: 60 });
    const refused = await refusal(await hdDownload());
    expect(refused).toMatchObject({ status: 429, code: "RATE_LIMITED", message: "Zbyt wiele prób. Spróbuj ponownie za chwilę." });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
  });

  it("answers a client link's images past the link's pace 429 with Retry-After, before anything is read", async () => {
    const token = "a-link-token-of-forty-three-characters-xyzw";
    for (let i = 0; i < SHARED_IMAGE_PACE.burst; i++) admitDownload({ link: hashShareToken(token), clientAddress: `10.8.${i >> 8}.${i & 255}` })();
    const response = await shared.GET(new Request(`http://localhost/api/shares/${token}/images/i1`, { headers: { "x-forwarded-for": "10.7.0.1", "accept-language": "en-GB,en;q=0.9" } }), { params: Promise.resolve({ token, imageId: "i1" }) });
    expect(await refusal(response)).toEqual({ status: 429, retryAfter: "1", code: "RATE_LIMITED", message: "Too many downloads at once. Please try again in a few seconds." });
  });
});
