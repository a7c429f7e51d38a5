import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image, proof } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getProof } from "./get-proof";

/**
 * The photo or the result of a published proof (getProof: chosen for a listing), at display size where there
 * is one, for the check page's before/after slider: NOT_FOUND for an unknown or unpublished proof, GONE once
 * the images have passed their hour.
 */
export async function getProofImage(options: { id: string; which: "original" | "result"; db?: DbOrTx; storage?: ImageStorage }): Promise<{ data: Buffer; contentType: string; expiresAt: Date }> {
  const db = options.db ?? (await getDb());
  const answer = await getProof({ id: options.id, db });
  if (!answer) throw new AppError("NOT_FOUND");
  if (answer.images.state === "gone") throw new AppError("GONE");
  if (!answer.images.published) throw new AppError("NOT_FOUND");
  const [row] = await db.select({ resultImageId: proof.resultImageId, originalImageId: proof.originalImageId }).from(proof).where(eq(proof.id, options.id));
  const imageId = options.which === "original" ? row?.originalImageId : row?.resultImageId;
  if (!imageId) throw new AppError("GONE");
  const [file] = await db.select().from(image).where(eq(image.id, imageId));
  if (!file) throw new AppError("GONE");
  const key = file.displayKey ?? file.storageKey;
  const data = await (options.storage ?? getStorage()).get(key);
  if (!data) throw new AppError("GONE");
  return { data, contentType: file.displayKey ? "image/jpeg" : file.contentType, expiresAt: file.expiresAt };
}
