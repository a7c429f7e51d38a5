import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { useInstalledPglite } from "~/tests/support/databases";

const { POST } = await import("~/app/api/images/check/route");
const check = (body: Buffer, locale: "pl" | "en") =>
  POST(new Request("http://localhost/api/images/check", { method: "POST", body: new Uint8Array(body), headers: { referer: `http://localhost/${locale === "en" ? "en/" : ""}sprawdz` } }), { params: Promise.resolve({}) });

describe("POST /api/images/check", () => {
  useInstalledPglite();

  it("refuses what it cannot read by the formats the check reads, not by an upload's", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#808080" } }).gif().toBuffer();
    const answers = await Promise.all([check(gif, "en"), check(Buffer.from("not a picture"), "en"), check(gif, "pl")]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { error: { code: string; details: { reason: string }; message: string } }[];
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422]);
    expect(bodies.map((b) => b.error.details.reason)).toEqual(["unsupported", "notImage", "unsupported"]);
    expect(bodies[0]!.error.message).toBe("The check cannot read this format. It reads JPEG, PNG and WebP pictures up to 20 MB and 40 megapixels.");
    expect(bodies[1]!.error.message).toBe("This is not a picture. The check reads JPEG, PNG and WebP pictures up to 20 MB and 40 megapixels.");
    expect(bodies[2]!.error.message).toBe("Nie sprawdzimy tego formatu. Sprawdzamy obrazy JPEG, PNG i WebP do 20 MB i 40 megapikseli.");
  });
});
