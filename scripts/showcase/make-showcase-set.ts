import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { roomFits, type EditMode } from "@/config/edit-modes";
import { findLibraryPhoto, libraryPhotos, type LibraryPhoto } from "@/config/library";
import { modeSupport } from "@/config/modes";
import type { EngineId } from "@/config/engines";
import type { RoomType } from "@/config/room-types";
import { modeExampleSpecs, modeExampleWidth, showcaseStyleIds, showcaseWidths, styleCardSize, type ModeExampleSpec, type ShowcaseManifest } from "@/config/showcase";
import { styles as catalogStyles } from "@/config/styles";
import { buildPrompt } from "@/server/engines/build-prompt";
import type { Engine, EngineEdit } from "@/server/engines/engine";
import { writeReferenceBrief } from "@/server/generation/write-reference-brief";
import { normalizeImage } from "@/server/images/normalize-image";

/** Lower than results' quality: these are page images, sent to every visitor. */
const WEBP = { quality: 72, effort: 6 } as const;
const largest = showcaseWidths[showcaseWidths.length - 1]!;

export type ShowcaseOptions = {
  engine: Engine;
  /** The project's root: the library photos are read from its public/, the examples written to public/showcase/. */
  root: string;
  manifestFile: string;
  /** USD per image of this edit, or null where it is not known before the images are made (a GPU of one's own). */
  pricePerImage: (edit: EngineEdit, references: boolean) => number | null;
  fresh?: boolean;
  /** What to make (every restyled library photo in every showcase style, and every mode's example, unless narrowed). */
  photos?: readonly LibraryPhoto[];
  styles?: readonly string[];
  modes?: readonly EditMode[];
  /** The styles whose picker picture to make (every style of the catalogue unless narrowed). */
  styleCards?: readonly string[];
  log: (line: string) => void;
};

/**
 * Makes the showcase with the engine given: each library photo in the showcase styles (the landing page and the
 * public generator), one example per whole-photo mode the engine can do (the design page's mode help) and the
 * style picker's picture of every style (the library's living room in that style). It
 * says what the run will cost before it starts, logs a progress bar per image, and is resumable: an example
 * whose files are there is not made again, and the manifest is written after each one, so an interrupted run
 * goes on where it stopped. Examples of another engine are not mixed with this one's: they are removed first.
 */
export async function makeShowcaseSet(options: ShowcaseOptions): Promise<{ made: number; left: number }> {
  const { engine, root, manifestFile, log } = options;
  const outDir = path.join(root, "public/showcase");
  // The examples are restyles: of the rooms, not of the exterior.
  const photos = options.photos ?? libraryPhotos.filter((photo) => roomFits("restyle", photo.roomType));
  const styles = options.styles ?? showcaseStyleIds;
  const specs = modeExamples(engine.id, options.modes);
  const done = (photoId: string, variant: string) => existsSync(path.join(outDir, photoId, `${variant}-${largest}.webp`));
  const modeDone = (mode: EditMode) => existsSync(path.join(outDir, "modes", mode, `after-${modeExampleWidth}.webp`));
  const cards = options.styleCards ?? catalogStyles.map((style) => style.id);
  const cardDone = (styleId: string) => existsSync(path.join(outDir, "styles", `${styleId}.webp`));

  const previous = JSON.parse(await readFile(manifestFile, "utf8").catch(() => "{}")) as Partial<ShowcaseManifest>;
  const fresh = options.fresh || previous.engine !== engine.id;
  if (fresh) await rm(outDir, { recursive: true, force: true });
  const manifest: ShowcaseManifest = {
    engine: engine.id as ShowcaseManifest["engine"],
    photos: fresh ? {} : { ...previous.photos },
    modes: fresh ? {} : { ...previous.modes },
    styleCards: fresh ? [] : (previous.styleCards ?? []).filter(cardDone),
  };

  const total = photos.length * styles.length + specs.length + cards.length;
  const missing = [
    ...photos.flatMap((photo) => styles.filter((styleId) => !done(photo.id, styleId)).map((styleId) => ({ edit: { mode: "restyle", styleId } as EngineEdit, references: false }))),
    ...specs.filter(([mode]) => !modeDone(mode)).map(([mode, spec]) => ({ edit: exampleEdit(mode, spec), references: Boolean(spec.referenceId) })),
    ...cards.filter((styleId) => !cardDone(styleId)).map((styleId) => ({ edit: { mode: "restyle", styleId } as EngineEdit, references: false })),
  ];
  const left = missing.length;
  const prices = missing.map(({ edit, references }) => options.pricePerImage(edit, references));
  const known = prices.filter((price): price is number => price !== null);
  const [lowest, highest] = [Math.min(...known), Math.max(...known)];
  log(
    `Making the showcase with the ${engine.id} engine: ${left} of ${total} images left to make, ` +
      (known.length < prices.length
        ? "at your own GPU's cost"
        : `about $${known.reduce((sum, price) => sum + price, 0).toFixed(2)}` + (left === 0 ? "" : lowest === highest ? ` at $${lowest} per image` : ` at $${lowest}–$${highest} per image`)) +
      (left < total ? " (the rest is already made; -- --fresh starts over)" : ""),
  );
  let made = 0;
  const step = async (label: string, make: () => Promise<number | undefined>) => {
    const started = performance.now();
    const costUsd = await make();
    made++;
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const width = 30;
    const filled = Math.round((made / left) * width);
    const cost = costUsd === undefined ? "" : `, $${costUsd.toFixed(3)}`;
    log(`[${"#".repeat(filled)}${".".repeat(width - filled)}] ${made}/${left} ${label}: ${Math.round(performance.now() - started)} ms${cost}`);
  };
  const read = async (photoId: string) => normalizeImage({ data: await readFile(path.join(root, "public", findLibraryPhoto(photoId)!.file)) });

  for (const photo of photos) {
    await mkdir(path.join(outDir, photo.id), { recursive: true });
    const input = await read(photo.id);
    const size = { width: largest, height: Math.round((input.height * largest) / input.width) };
    manifest.photos[photo.id] = size;
    await writeVariants(path.join(outDir, photo.id), "before", input.data, size);
    for (const styleId of styles) {
      if (done(photo.id, styleId)) continue;
      await step(`${photo.id} / ${styleId}`, async () => {
        const edit: EngineEdit = { mode: "restyle", styleId };
        const output = await engine.generate({ image: input.data, width: input.width, height: input.height, roomType: photo.roomType, styleId, edit, creativity: "balanced", seed: 0, prompt: buildPrompt({ roomType: photo.roomType, edit }), onProgress: () => {}, signal: AbortSignal.timeout(300_000) });
        await writeVariants(path.join(outDir, photo.id), styleId, output.image, size);
        return output.costUsd;
      });
    }
  }

  for (const [mode, spec] of specs) {
    if (modeDone(mode)) continue;
    await step(`mode ${mode}`, async () => {
      const photo = findLibraryPhoto(spec.photoId)!;
      const input = await read(photo.id);
      const size = { width: modeExampleWidth, height: Math.round((input.height * modeExampleWidth) / input.width) };
      const dir = path.join(outDir, "modes", mode);
      await mkdir(dir, { recursive: true });
      const edit = exampleEdit(mode, spec);
      const reference = spec.referenceId ? (await read(spec.referenceId)).data : undefined;
      const prompt = [buildPrompt({ roomType: photo.roomType as RoomType, edit }), reference && (await writeReferenceBrief({ image: reference }))].filter(Boolean).join(" ");
      const output = await engine.generate({
        image: input.data,
        width: input.width,
        height: input.height,
        roomType: photo.roomType,
        styleId: spec.styleId ?? null,
        edit,
        creativity: "balanced",
        seed: 0,
        references: reference ? [reference] : undefined,
        prompt,
        onProgress: () => {},
        signal: AbortSignal.timeout(300_000),
      });
      await writeVariants(dir, "before", input.data, size, modeExampleWidth);
      await writeVariants(dir, "after", output.image, size, modeExampleWidth);
      manifest.modes![mode] = size;
      return output.costUsd;
    });
  }
  const cardPhoto = findLibraryPhoto(STYLE_CARD_PHOTO)!;
  for (const styleId of cards) {
    if (cardDone(styleId)) continue;
    await step(`style ${styleId}`, async () => {
      const input = await read(cardPhoto.id);
      const edit: EngineEdit = { mode: "restyle", styleId };
      const output = await engine.generate({ image: input.data, width: input.width, height: input.height, roomType: cardPhoto.roomType, styleId, edit, creativity: "balanced", seed: 0, prompt: buildPrompt({ roomType: cardPhoto.roomType, edit }), onProgress: () => {}, signal: AbortSignal.timeout(300_000) });
      await mkdir(path.join(outDir, "styles"), { recursive: true });
      await writeFile(path.join(outDir, "styles", `${styleId}.webp`), await sharp(output.image).resize(styleCardSize.width, styleCardSize.height, { fit: "cover" }).webp(WEBP).toBuffer());
      manifest.styleCards = [...manifest.styleCards!.filter((id) => id !== styleId), styleId];
      return output.costUsd;
    });
  }
  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return { made, left };
}

/** The style cards show one room in every style, so that the styles differ and not the rooms: the library's living room. */
const STYLE_CARD_PHOTO = "living-room";

function exampleEdit(mode: EditMode, spec: ModeExampleSpec): EngineEdit {
  return { mode, styleId: spec.styleId, ...spec.params } as EngineEdit;
}

/** The modes with an example that this engine can make (the others keep none: the page shows no example for them). */
function modeExamples(engineId: string, only: readonly EditMode[] | undefined): [EditMode, ModeExampleSpec][] {
  return (Object.entries(modeExampleSpecs) as [EditMode, ModeExampleSpec][]).filter(([mode]) => (!only || only.includes(mode)) && modeSupport(mode, engineId as EngineId).ok);
}

async function writeVariants(dir: string, variant: string, image: Buffer, size: { width: number; height: number }, ...widths: number[]) {
  for (const width of widths.length ? widths : showcaseWidths) {
    const height = Math.round((size.height * width) / size.width);
    // `cover`: an engine may answer in its own aspect ratio; the slider needs both images the same shape.
    const bytes = await sharp(image).resize(width, height, { fit: "cover" }).webp(WEBP).toBuffer();
    await writeFile(path.join(dir, `${variant}-${width}.webp`), bytes);
  }
}
