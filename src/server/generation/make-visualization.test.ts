import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import type { Engine } from "@/server/engines/engine";
import type { ClaimedJob } from "./claim-jobs";
import { makeVisualization } from "./make-visualization";

const decoded: Buffer[] = [];
vi.mock("@/server/edits/decode-raw", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/server/edits/decode-raw")>();
  return {
    decodeRaw: (options: { image: Buffer; width?: number; height?: number }) => {
      decoded.push(options.image);
      return real.decodeRaw(options);
    },
  };
});

const W = 1200;
const H = 900;

function job(styleId: string): ClaimedJob {
  return { mode: "restyle", styleId, roomType: "living-room", seed: 1, params: { creativity: "balanced" }, visualizationId: styleId } as unknown as ClaimedJob;
}

describe("makeVisualization", () => {
  it("decodes the photo for the structure checks once for all the results made from it, and only when a check asks", async () => {
    const photo = await sharp({ create: { width: W, height: H, channels: 3, background: "#d8d0c0" } })
      .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="300" y="200" width="300" height="350" fill="#304050"/></svg>`) }])
      .jpeg()
      .toBuffer();
    // A hosted engine's answer: a PNG of the photo's proportions at 768 px.
    const answer = await sharp(photo).resize(768, 576).png().toBuffer();
    const engine: Engine = { id: "fake", concurrency: 4, generate: async () => ({ image: answer }) } as unknown as Engine;
    const made = await Promise.all(
      ["modern", "boho", "japandi"].map((style) =>
        makeVisualization({ engine, job: job(style), source: { bytes: photo, width: W, height: H }, mask: null, onProgress: () => {}, signal: new AbortController().signal }),
      ),
    );
    expect(decoded.filter((bytes) => bytes === photo)).toHaveLength(0);

    const scores = await Promise.all(made.map(async (result) => (await result.structureCheck()).score));
    expect(decoded.filter((bytes) => bytes === photo)).toHaveLength(1);
    for (const score of scores) expect(score).toBeGreaterThan(0.9);
  });
});
