import "server-only";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { RESULT_JPEG } from "@/config/generation";
import type { DbOrTx } from "@/server/db/client";
import { proof } from "@/server/db/schema";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import type { ProofRow } from "./create-proof";
import type { ProvenanceFacts } from "./provenance-facts";
import { signDerivedManifest, signResultManifest } from "./sign-manifest";
import { embedWatermark } from "./watermark";

/**
 * A result as it is stored, with everything that says what it is: for an AI result stored as our JPEG, the
 * watermark with its proof id in the pixels (encoded again at the results' quality); then the IPTC digital
 * source type in its XMP (markDigitalSource) and a signed C2PA manifest stating the proof's facts. An engine's
 * answer kept as it came (`watermark: false`) gets the XMP and manifest only: its JPEG, which replaces it
 * within seconds, gets the watermark. `timeStamp: false` signs without the time-stamp authority (C2PA_TSA_URL):
 * for the copies made while someone waits for the result (its display copy, an answer that its JPEG replaces),
 * so a slow or silent authority never holds a result back; the result's file is stamped.
 */
export async function markResult(options: { image: Buffer; proof: ProofRow; watermark: boolean; timeStamp?: boolean }): Promise<Buffer> {
  const { proof: facts } = options;
  let image = options.image;
  if (facts.ai && options.watermark) {
    const { data, width, height } = await embedWatermark({ image, id: Number.parseInt(facts.id, 16) });
    image = await sharp(data, { raw: { width, height, channels: 3 } }).jpeg(RESULT_JPEG).toBuffer();
  }
  const marked = markDigitalSource({ image, ai: facts.ai });
  return signResultManifest({ image: marked, facts: factsOf(facts), ...(options.timeStamp === false ? { tsaUrl: null } : {}) });
}

/** A proof record as the manifest's facts. */
export function factsOf(row: ProofRow): ProvenanceFacts {
  return {
    proofId: row.id,
    ai: row.ai,
    mode: row.mode,
    styleId: row.styleId,
    engine: row.engine,
    model: row.model,
    originalSha256: row.originalSha256,
    structure: row.structureScore === null ? null : { score: row.structureScore, ...(row.structureFindings ? { findings: row.structureFindings } : {}) },
    createdAt: row.createdAt,
  };
}


/**
 * The same for a result's JPEG made later (the one that replaces an engine's answer kept as it came): marked
 * after the result's proof record; a result without one (made before proofs existed) gets its XMP alone.
 */
export async function markStoredResult(options: { db: DbOrTx; imageId: string; image: Buffer; ai: boolean }): Promise<Buffer> {
  const row = await findProofOf({ db: options.db, resultImageId: options.imageId });
  if (!row) return markDigitalSource({ image: options.image, ai: options.ai });
  return markResult({ image: options.image, proof: row, watermark: true });
}

/**
 * A file made from a stored result (an HD copy, a labelled or re-encoded download) with a manifest of its own
 * chained to the result's (signDerivedManifest). An HD copy of an AI result (`watermarkId`) gets the
 * watermark again at its own size: an upscaler may smooth the result's away, and the tile is read at scale 1.
 */
export async function markDerived(options: {
  image: Buffer;
  parent: Buffer;
  change: "labelled" | "upscaled" | "transcoded";
  description: string;
  watermarkId?: string | null;
  /** The structure check's final findings (factsOf(proof).structure), stated in the new manifest. */
  structure?: ProvenanceFacts["structure"];
}): Promise<Buffer> {
  let image = options.image;
  if (options.watermarkId) {
    const { data, width, height } = await embedWatermark({ image, id: Number.parseInt(options.watermarkId, 16) });
    image = markDigitalSource({ image: await sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer(), ai: true });
  }
  return signDerivedManifest({ image, parent: options.parent, change: options.change, description: options.description, structure: options.structure });
}

/** The proof record of a stored result, or null (made before proofs existed, or not a result). */
export async function findProofOf(options: { db: DbOrTx; resultImageId: string }): Promise<ProofRow | null> {
  const [row] = await options.db.select().from(proof).where(eq(proof.resultImageId, options.resultImageId)).limit(1);
  return row ?? null;
}

/** The structure check's findings on a stored result's proof, for a file made from it later; null while not run or without a proof. */
export async function structureOf(options: { db: DbOrTx; resultImageId: string }): Promise<ProvenanceFacts["structure"]> {
  const row = await findProofOf(options);
  return row ? factsOf(row).structure : null;
}
