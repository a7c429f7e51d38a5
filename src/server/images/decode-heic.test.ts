import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { log } from "@/server/log";
import { decodeHeic } from "./decode-heic";

// No worker threads here: decodeHeic must fall back to decoding on this thread (and say so once).
vi.mock("node:worker_threads", () => ({
  Worker: class {
    constructor() {
      throw new Error("worker threads unavailable");
    }
  },
}));
vi.mock("@/server/log", () => ({ log: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));

const heic = readFileSync(new URL("./fixtures/living-room-480x288.heic", import.meta.url));

describe("decodeHeic without worker threads", () => {
  it("decodes on the main thread, warning once", async () => {
    const first = await decodeHeic({ data: heic, page: 0, maxPixels: 40_000_000 });
    expect(first).toMatchObject({ width: 480, height: 288 });
    expect(first.data.length).toBe(480 * 288 * 4);
    await decodeHeic({ data: heic, page: 0, maxPixels: 40_000_000 });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith("heic.worker_unavailable", expect.objectContaining({ error: expect.any(Error) }));
  });

  it("refuses an image over maxPixels and a damaged file there too", async () => {
    await expect(decodeHeic({ data: heic, page: 0, maxPixels: 480 * 288 - 1 })).rejects.toMatchObject({ code: "INVALID_IMAGE", details: { reason: "tooManyPixels" } });
    vi.spyOn(console, "log").mockImplementation(() => undefined); // libheif-js prints its own error
    await expect(decodeHeic({ data: heic.subarray(0, heic.length >> 1), page: 0, maxPixels: 40_000_000 })).rejects.toThrow(/HEIF/);
  });
});
