import "server-only";
import { and, eq } from "drizzle-orm";
import { modeOf, type EditMode } from "@/config/edit-modes";
import type { DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { ImageStorage } from "@/server/storage/storage";
import { ownedBy } from "@/server/images/owned-by";
import { writeReferenceBrief } from "./write-reference-brief";

/**
 * The reference photo a mode follows (its module's `referencePhoto` parameter), checked before anything is
 * spent: the person's own uploaded photo (working in a team, the team's; anyone else's, a result or a mask is NOT_FOUND) within its hour
 * (GONE, reason `referenceGone`, once it is deleted). Answers the brief written from its pixels; null for a mode
 * without a reference.
 */
export async function readReferencePhoto(options: { db: DbOrTx; storage: ImageStorage; userId: string; teamId: string | null; mode: EditMode; params: Record<string, unknown> }): Promise<{ imageId: string; brief: string } | null> {
  const field = modeOf(options.mode).referencePhoto;
  if (!field) return null;
  const imageId = options.params[field];
  if (typeof imageId !== "string") throw new AppError("INVALID_INPUT", { field: "params", reason: "noReference" });
  const [row] = await options.db
    .select({ storageKey: image.storageKey, expiresAt: image.expiresAt })
    .from(image)
    .where(and(eq(image.id, imageId), ownedBy(image, options), eq(image.kind, "upload")));
  if (!row) throw new AppError("NOT_FOUND", { reason: "noReferencePhoto" });
  const bytes = row.expiresAt > new Date() ? await options.storage.get(row.storageKey) : null;
  if (!bytes) throw new AppError("GONE", { reason: "referenceGone" });
  return { imageId, brief: await writeReferenceBrief({ image: bytes }) };
}
