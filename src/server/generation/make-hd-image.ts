import "server-only";
import sharp from "sharp";
import type { EditMode } from "@/config/edit-modes";
import { isAiResult } from "@/config/engines";
import { HD_MIN_LONG_SIDE, HD_UPSCALE_TIMEOUT_MS } from "@/config/listings";
import type { Db } from "@/server/db/client";
import type { image } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import type { Engine } from "@/server/engines/engine";
import { plainUpscale } from "@/server/engines/plain-upscale";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import { hdCopyKey } from "@/server/images/result-keys";
import { factsOf, findProofOf, markDerived } from "@/server/provenance/mark-result";
import type { ProvenanceFacts } from "@/server/provenance/provenance-facts";
import type { ImageStorage } from "@/server/storage/storage";

/**
 * The 4K copy of a result, stored (its image row is the caller's to write, with its order's end): the engine's
 * own upscaler when it has one, else a plain resampling, as a JPEG of at least HD_MIN_LONG_SIDE px, marked as
 * its result is (AI marking, its own C2PA manifest chained to the result's, the watermark again at its size).
 * Throws when the result's file is gone or the upscale fails or comes back too small.
 */
export async function makeHdImage(options: {
  db: Db;
  storage: ImageStorage;
  engine: Partial<Pick<Engine, "id" | "upscale">>;
  result: typeof image.$inferSelect;
  /** The engine and mode that made the result (its batch's). */
  madeBy: { engine: string; mode: string };
  /** A plain resampling whatever the engine (a free order costs nobody anything: an API test key's). */
  plain?: boolean;
  signal?: AbortSignal;
}): Promise<{ id: string; storageKey: string; width: number; height: number; bytes: number; ai: boolean; structure: ProvenanceFacts["structure"] | null }> {
  const { storage, engine, result } = options;
  const bytes = await storage.get(result.storageKey);
  if (!bytes) throw new Error("the result's file is gone");
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(HD_UPSCALE_TIMEOUT_MS)]) : AbortSignal.timeout(HD_UPSCALE_TIMEOUT_MS);
  const input = { image: bytes, width: result.width, height: result.height, minLongSide: HD_MIN_LONG_SIDE, signal };
  const output = await ((!options.plain && engine.upscale) || plainUpscale).call(engine, input);
  const jpeg = await sharp(output.image).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
  if (Math.max(jpeg.info.width, jpeg.info.height) < HD_MIN_LONG_SIDE) throw new Error(`upscale too small: ${jpeg.info.width}×${jpeg.info.height}`);
  // Marked as its result is (the encoder keeps no metadata): the owner's image route hands the stored copy out too.
  const ai = isAiResult(options.madeBy.engine, options.madeBy.mode as EditMode);
  const proof = await findProofOf({ db: options.db, resultImageId: result.id });
  const structure = proof ? factsOf(proof).structure : null;
  const marked = await markDerived({ image: markDigitalSource({ image: jpeg.data, ai }), parent: bytes, change: "upscaled", description: "HD copy", watermarkId: ai ? proof?.id : null, structure });
  const id = newId();
  const storageKey = hdCopyKey(id);
  await storage.put(storageKey, marked, "image/jpeg");
  return { id, storageKey, width: jpeg.info.width, height: jpeg.info.height, bytes: marked.length, ai, structure };
}
