import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLibraryPhoto } from "@/config/library";
import { modeExampleOf, styleCardSrc, styleCardsAreAi, type ShowcaseManifest } from "@/config/showcase";
import { createFakeEngine } from "@/server/engines/fake-engine";
import { createLocalEngine } from "@/server/engines/local-engine";
import { makeShowcaseSet } from "./make-showcase-set";

let root: string;
let manifestFile: string;
const readManifest = async () => JSON.parse(await readFile(manifestFile, "utf8")) as ShowcaseManifest;
const modeFile = (mode: string, variant: string) => path.join(root, "public/showcase/modes", mode, `${variant}-640.webp`);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "showcase-"));
  await mkdir(path.join(root, "public"));
  await symlink(path.resolve("public/library"), path.join(root, "public/library"));
  manifestFile = path.join(root, "showcase.generated.json");
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("npm run showcase", () => {
  const photos = [findLibraryPhoto("living-room")!];
  const run = (options: Partial<Parameters<typeof makeShowcaseSet>[0]>) => {
    const lines: string[] = [];
    const result = makeShowcaseSet({ engine: createFakeEngine({ latencyMs: 0 }), root, manifestFile, pricePerImage: () => 0.04, photos, styles: ["japandi"], styleCards: [], log: (line) => lines.push(line), ...options });
    return result.then((counts) => ({ ...counts, lines }));
  };

  it("makes one example per mode with the engine, states the cost first, shows progress, and goes on where it stopped", async () => {
    const first = await run({ modes: ["sky", "twilight"] });
    expect(first.lines[0]).toBe("Making the showcase with the fake engine: 3 of 3 images left to make, about $0.12 at $0.04 per image");
    expect(first.lines.slice(1).map((line) => line.replace(/: \d+ ms.*/, ""))).toEqual([
      `[${"#".repeat(10)}${".".repeat(20)}] 1/3 living-room / japandi`,
      `[${"#".repeat(20)}${".".repeat(10)}] 2/3 mode sky`,
      `[${"#".repeat(30)}] 3/3 mode twilight`,
    ]);
    const manifest = await readManifest();
    expect(manifest.engine).toBe("fake");
    const exterior = findLibraryPhoto("exterior")!;
    expect(manifest.modes).toEqual({ sky: { width: 640, height: Math.round((exterior.height * 640) / exterior.width) }, twilight: manifest.modes!.sky });
    // The twilight stand-in darkens and blues the whole photo: the after is the engine's, not the before again.
    const [before, after] = await Promise.all(["before", "after"].map((variant) => sharp(modeFile("twilight", variant)).stats()));
    expect(after!.channels[2]!.mean - after!.channels[0]!.mean).toBeGreaterThan(before!.channels[2]!.mean - before!.channels[0]!.mean + 10);

    // Another run makes only what is missing and keeps what was made.
    const second = await run({ modes: ["sky", "twilight", "facade"] });
    expect(second.lines[0]).toBe("Making the showcase with the fake engine: 1 of 4 images left to make, about $0.04 at $0.04 per image (the rest is already made; -- --fresh starts over)");
    expect(second.made).toBe(1);
    expect(Object.keys((await readManifest()).modes!)).toEqual(["sky", "twilight", "facade"]);
  });

  it("states the cost of each image by the model it runs on, or says it is not known, before making any", async () => {
    const stopped = { ...createFakeEngine({ latencyMs: 0 }), generate: () => Promise.reject(new Error("stopped")) };
    const stated = async (pricePerImage: (edit: { mode: string }) => number | null) => {
      const lines: string[] = [];
      await expect(makeShowcaseSet({ engine: stopped, root, manifestFile, pricePerImage, photos, styles: ["boho"], modes: ["stage", "garden"], styleCards: [], log: (line) => lines.push(line) })).rejects.toThrow("stopped");
      return lines;
    };
    expect(await stated((edit) => (edit.mode === "restyle" ? 0.0055 : 0.04))).toEqual(["Making the showcase with the fake engine: 3 of 3 images left to make, about $0.09 at $0.0055–$0.04 per image"]);
    expect((await stated(() => null))[0]).toMatch(/images left to make, at your own GPU's cost/);
  });

  it("makes the style picker's pictures with the engine, and the pages use them; the shipped previews stay for the others", async () => {
    const made = await run({ styles: [], modes: [], styleCards: ["boho", "loft"], fresh: true });
    expect(made.lines[0]).toBe("Making the showcase with the fake engine: 2 of 2 images left to make, about $0.08 at $0.04 per image");
    const manifest = await readManifest();
    expect(manifest.styleCards).toEqual(["boho", "loft"]);
    for (const id of ["boho", "loft"]) {
      expect(await sharp(path.join(root, "public/showcase/styles", `${id}.webp`)).metadata()).toMatchObject({ width: 240, height: 160, format: "webp" });
    }
    expect(styleCardSrc("boho", manifest)).toBe("/showcase/styles/boho.webp");
    expect(styleCardSrc("modern", manifest)).toBe("/styles/modern.webp");
    // Made by an AI engine, all of them: no preview note; one left as the shipped preview, or the engine not an
    // AI one (as the fake is not): the note stays.
    const byAi: ShowcaseManifest = { ...manifest, engine: "replicate" };
    expect(styleCardsAreAi(["boho", "loft"], byAi)).toBe(true);
    expect(styleCardsAreAi(["boho", "modern"], byAi)).toBe(false);
    expect(styleCardsAreAi(["boho", "loft"], manifest)).toBe(false);
    // Resumed: what is there is not made again.
    expect((await run({ styles: [], modes: [], styleCards: ["boho", "loft", "modern"] })).made).toBe(1);
    expect((await readManifest()).styleCards).toEqual(["boho", "loft", "modern"]);
  });

  it("makes only the modes the engine can do, and removes another engine's examples first", async () => {
    const local = await run({ engine: createLocalEngine(), pricePerImage: () => 0, styles: [], modes: ["sky", "twilight"] });
    expect(local.lines[0]).toBe("Making the showcase with the local engine: 1 of 1 images left to make, about $0.00 at $0 per image");
    const manifest = await readManifest();
    expect(manifest).toMatchObject({ engine: "local", modes: { sky: { width: 640 } } });
    expect(existsSync(modeFile("twilight", "after"))).toBe(false);
    // The page's choice: the local engine's example, labelled as a preview; none for a mode without one.
    expect(modeExampleOf("sky", manifest)).toEqual({ before: "/showcase/modes/sky/before-640.webp", after: "/showcase/modes/sky/after-640.webp", width: 640, height: manifest.modes!.sky!.height, ai: false });
    expect(modeExampleOf("twilight", manifest)).toBeUndefined();
    expect(modeExampleOf("twilight", { engine: "replicate", photos: {}, modes: { twilight: { width: 640, height: 427 } } })?.ai).toBe(true);
  });
});
