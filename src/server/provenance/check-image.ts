import "server-only";
import sharp, { type Metadata } from "sharp";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "@/config/generation";
import { getDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { getProof, type ProofAnswer } from "./get-proof";
import { readManifest, type ManifestReading } from "./read-manifest";
import { getSigningCredentials } from "./signing-credentials";
import { readWatermark } from "./watermark";
import { X509Certificate } from "node:crypto";

export type ManifestVerdict =
  | { state: "none" }
  | { state: "unreadable" }
  /** A manifest another tool made and signed: we say whose, we vouch for nothing in it. */
  | { state: "otherTool"; generator: string; signer: string | null; intact: boolean }
  /** Our manifest: intact (signature and hashes check out; the signer, our own certificate, is on no trust list) or not, and why. */
  | { state: "ours"; intact: boolean; trusted: boolean; failures: string[]; manifests: number }
  /** Claims to be ours (our name, our assertions) but is signed by another certificate: forged. */
  | { state: "forged"; signer: string | null; failures: string[] };

export type CheckAnswer = {
  /** Made with Aranżer: our intact manifest, or our watermark with a proof record behind it. */
  made: boolean;
  manifest: ManifestVerdict;
  watermark: { found: boolean };
  /** The proof record the manifest or watermark points to (null when neither does, or it is unknown here). */
  proof: ProofAnswer | null;
  /** Facts read from our manifest when there is no proof record here (another installation's, or deleted). */
  manifestFacts: { mode: string | null; styleId: string | null; engine: string | null; model: string | null; created: string | null; ai: boolean | null; structureScore: number | null } | null;
};

const serialOf = (der: Buffer) => BigInt(`0x${new X509Certificate(der).serialNumber}`).toString(10);

function verdictOf(reading: ManifestReading, ourSerial: string): ManifestVerdict {
  if (reading.state === "none") return { state: "none" };
  if (reading.state === "unreadable") return { state: "unreadable" };
  const signedByUs = reading.signerSerial === ourSerial;
  const claimsUs = reading.generator === "Aranżer" || reading.proofId !== null;
  if (signedByUs) return { state: "ours", intact: reading.intact, trusted: reading.trusted, failures: reading.failures, manifests: reading.manifests };
  if (claimsUs) return { state: "forged", signer: reading.signer, failures: reading.failures };
  return { state: "otherTool", generator: reading.generator, signer: reading.signer, intact: reading.intact };
}

/**
 * What an image dropped on the check page is: its C2PA manifest read and validated by the reference reader
 * (whose it is, intact or not and why), our watermark looked for in its pixels, and the proof record either
 * names. Nothing of the image is kept: it is read in memory and dropped. Refuses what is not a picture we can
 * read (empty, over 20 MB, over 40 megapixels by its header, so a PNG bomb is not decoded) with INVALID_IMAGE.
 */
export async function checkImage(options: { image: Buffer; db?: DbOrTx; now?: Date }): Promise<CheckAnswer> {
  const { image } = options;
  if (image.length === 0) throw new AppError("INVALID_IMAGE", { reason: "empty" });
  if (image.length > UPLOAD_MAX_BYTES) throw new AppError("INVALID_IMAGE", { reason: "tooLarge" });
  let meta: Metadata;
  try {
    // The header only (no decoding): the size is judged below, not by sharp's own limit, to say which it is.
    meta = await sharp(image, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("INVALID_IMAGE", { reason: "notImage" });
  }
  if (!meta.width || !meta.height || !["jpeg", "png", "webp"].includes(meta.format ?? "")) throw new AppError("INVALID_IMAGE", { reason: meta.width ? "unsupported" : "notImage" });
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw new AppError("INVALID_IMAGE", { reason: "tooManyPixels" });

  const [reading, credentials] = await Promise.all([readManifest({ image }), getSigningCredentials()]);
  let watermark;
  try {
    watermark = await readWatermark({ image });
  } catch {
    throw new AppError("INVALID_IMAGE", { reason: "truncated" });
  }
  const manifest = verdictOf(reading, serialOf(credentials.chain[0]!));
  const db = options.db ?? (await getDb());
  // Our manifest names the proof when it is ours and intact; otherwise only the watermark may.
  const fromManifest = manifest.state === "ours" && manifest.intact && reading.state === "present" ? reading.proofId : null;
  const proofId = fromManifest ?? (watermark.found ? watermark.proofId : null);
  const proof = proofId ? await getProof({ db, id: proofId, now: options.now }) : null;
  const manifestFacts =
    manifest.state === "ours" && reading.state === "present" && !proof
      ? { mode: reading.mode, styleId: reading.styleId, engine: reading.engine, model: reading.model, created: reading.created, ai: reading.ai, structureScore: reading.structureScore }
      : null;
  return { made: Boolean(proof) || (manifest.state === "ours" && manifest.intact), manifest, watermark: { found: watermark.found }, proof, manifestFacts };
}
