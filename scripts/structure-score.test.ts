import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORED_LONG_SIDE } from "@/config/generation";
import { decodeRaw } from "@/server/edits/decode-raw";
import { drawWindow } from "@/server/edits/draw-window";

const root = path.resolve(import.meta.dirname, "..");
let dir: string;

/** Pairs made by our own code from a CC0 fixture: the photo itself, a window drawn on its wall, and a masked edit. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "structure-score-"));
  const photo = await sharp(path.join(root, "tests/fixtures/kitchen-dining-cc0-1600x900.jpg")).resize(STORED_LONG_SIDE).jpeg().toBuffer();
  const raw = await decodeRaw({ image: photo });
  const windowed = drawWindow({ image: raw });
  const encode = (image: typeof raw) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  // The mask covers the drawn window: inside it the edit was meant to change things.
  const [l, t, r, b] = windowed.box;
  const mask = await sharp({ create: { width: raw.width, height: raw.height, channels: 3, background: "#000" } })
    .composite([{ input: { create: { width: Math.round((r - l) * raw.width) + 8, height: Math.round((b - t) * raw.height) + 8, channels: 3, background: "#fff" } }, left: Math.round(l * raw.width) - 4, top: Math.round(t * raw.height) - 4 }])
    .png()
    .toBuffer();
  const windowJpeg = await encode(windowed.image).jpeg({ quality: 92 }).toBuffer();
  await Promise.all([
    writeFile(path.join(dir, "01-before.jpg"), photo),
    writeFile(path.join(dir, "01-after.jpg"), photo),
    writeFile(path.join(dir, "02-before.jpg"), photo),
    writeFile(path.join(dir, "02-after.png"), await encode(windowed.image).png().toBuffer()),
    writeFile(path.join(dir, "03-before.jpg"), photo),
    writeFile(path.join(dir, "03-after.jpg"), windowJpeg),
    writeFile(path.join(dir, "03-mask.png"), mask),
    // Not a pair: an after without its before.
    writeFile(path.join(dir, "04-after.jpg"), photo),
  ]);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("npm run structure:score", () => {
  it("prints one JSON line per pair in the folder: the photo itself kept, a window drawn on the wall flagged, the same window as a masked edit kept", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/structure-score.ts", dir], { cwd: root, timeout: 60_000 });
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as { id: string; score: number; flagged: boolean; moved: { kind: string; element: string }[] });
    expect(lines.map((line) => [line.id, line.flagged])).toEqual([
      ["01", false],
      ["02", true],
      ["03", false],
    ]);
    expect(lines[0]!.score).toBeGreaterThanOrEqual(0.95);
    expect(lines[1]!.moved).toContainEqual(expect.objectContaining({ kind: "added", element: "window" }));
    expect(lines[2]!.moved).toEqual([]);
  }, 90_000);
});
