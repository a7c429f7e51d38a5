import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { ImageStorage } from "@/server/storage/storage";
import { admitDownload } from "./admit-download";
import { labelledResultFile } from "./labelled-result-file";
import { ACCOUNT_DOWNLOAD_PACE, DOWNLOADS_IN_FLIGHT } from "@/config/listings";

/** A storage holding one stored result, counting its reads. */
async function oneResult(key: string) {
  const stored = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#d8d0c4" } }).jpeg().toBuffer();
  const reads: string[] = [];
  const storage: ImageStorage = {
    put: async () => {},
    delete: async () => {},
    get: async (k) => {
      reads.push(k);
      return k === key ? stored : null;
    },
  };
  return { storage, reads };
}

const inAnHour = () => new Date(Date.now() + 3600_000);

describe("labelledResultFile", () => {
  it("makes a labelled file once for ten downloads at once and the ones after, one per label and language", async () => {
    const key = `results/${crypto.randomUUID()}.jpg`;
    const { storage, reads } = await oneResult(key);
    const file = { storageKey: key, expiresAt: inAnHour() };
    const ask = (label: string | null, owner = "agent") => labelledResultFile({ file, label, ai: true, owner, storage });
    const together = await Promise.all(Array.from({ length: 10 }, () => ask("Virtually staged")));
    expect(new Set(together).size).toBe(1);
    expect(await ask("Virtually staged", "another")).toBe(together[0]);
    expect(reads).toHaveLength(1);
    // Another language's label is a file of its own; so is the file without a label.
    const polish = await ask("Wirtualna aranżacja");
    const plain = await ask(null);
    expect(polish!.equals(together[0]!)).toBe(false);
    expect(plain!.equals(together[0]!)).toBe(false);
    expect(reads).toHaveLength(3);
  });

  it("hands out nothing past the file's hour, and nothing for an object that is gone", async () => {
    const key = `results/${crypto.randomUUID()}.jpg`;
    const { storage, reads } = await oneResult(key);
    await expect(labelledResultFile({ file: { storageKey: key, expiresAt: new Date(Date.now() - 1) }, label: "x", ai: true, owner: "a", storage })).resolves.toBeNull();
    expect(reads).toEqual([]);
    await expect(labelledResultFile({ file: { storageKey: "results/gone.jpg", expiresAt: inAnHour() }, label: "x", ai: true, owner: "a", storage })).resolves.toBeNull();
  });
});

describe("admitDownload", () => {
  const limited = { name: "AppError", code: "RATE_LIMITED", details: { reason: "downloads", retryAfter: expect.any(Number) } };

  it("refuses an account's download past its share under way, and lets others in meanwhile", () => {
    const held = Array.from({ length: DOWNLOADS_IN_FLIGHT.perAccount }, (_, i) => admitDownload({ userId: "flooder", clientAddress: `10.1.0.${i}` }));
    expect(() => admitDownload({ userId: "flooder", clientAddress: "10.1.1.1" })).toThrow(expect.objectContaining(limited));
    admitDownload({ userId: "someone", clientAddress: "10.1.2.1" })();
    held[0]!();
    held[0]!();
    const again = admitDownload({ userId: "flooder", clientAddress: "10.1.1.1" });
    expect(() => admitDownload({ userId: "flooder", clientAddress: "10.1.1.2" })).toThrow(expect.objectContaining(limited));
    for (const release of [...held.slice(1), again]) release();
  });

  it("refuses a client link's images past the link's share, and past one address's share over many links", () => {
    const link = Array.from({ length: DOWNLOADS_IN_FLIGHT.perLink }, (_, i) => admitDownload({ link: "hash-a", clientAddress: `10.2.0.${i}` }));
    expect(() => admitDownload({ link: "hash-a", clientAddress: "10.2.1.1" })).toThrow(expect.objectContaining(limited));
    admitDownload({ link: "hash-b", clientAddress: "10.2.1.1" })();
    const address = Array.from({ length: DOWNLOADS_IN_FLIGHT.perAddress }, (_, i) => admitDownload({ link: `hash-${i}-c`, clientAddress: "192.0.2.9" }));
    expect(() => admitDownload({ link: "hash-new", clientAddress: "192.0.2.9" })).toThrow(expect.objectContaining(limited));
    for (const release of [...link, ...address]) release();
  });

  it("paces an account's downloads: a burst at once, then refused with the seconds until the next, others let in", () => {
    for (let i = 0; i < ACCOUNT_DOWNLOAD_PACE.burst; i++) admitDownload({ userId: "hasty", clientAddress: "10.3.0.1" })();
    expect(() => admitDownload({ userId: "hasty", clientAddress: "10.3.0.1" })).toThrow(
      expect.objectContaining({ code: "RATE_LIMITED", details: { reason: "downloads", retryAfter: Math.ceil(1 / ACCOUNT_DOWNLOAD_PACE.perSecond) } }),
    );
    admitDownload({ userId: "calm", clientAddress: "10.3.0.1" })();
  });
});
