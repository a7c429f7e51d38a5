import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { env } from "@/env";
import { isStyledMode } from "@/config/edit-modes";
import { engineModes } from "@/config/engines";
import type { ListingMode } from "@/config/listings";
import { findStyle } from "@/config/styles";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, image, listingBatch, listingPhoto, listingStyle, tokenLedger } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { invalidInput } from "@/server/invalid-input";
import { insertBatchJobs } from "@/server/generation/insert-batch-jobs";
import { newId } from "@/server/db/new-id";
import { newSeed } from "@/server/generation/new-seed";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { getBalance } from "@/server/tokens/get-balance";
import { spendTokens } from "@/server/tokens/spend-tokens";
import type { EditParamsInput } from "@/schemas/edit-params";
import { visualizationCount } from "@/schemas/generation";
import { generateListingSchema } from "@/schemas/listings";
import { enoughTimeLeft } from "@/server/generation/enough-time-left";
import { loadOwnedListing } from "./load-owned-listing";
import { writeStyleBrief } from "./write-style-brief";

export type { ListingMode as ListingGenerateMode } from "@/config/listings";

/**
 * Generate for a whole listing: every photo in one mode (restyle or stage in each chosen style, or declutter
 * with its scope and keep list), photos × styles × variations tokens (photos × variations for declutter) spent
 * at once, in one transaction with one batch per photo (written as a single Generate writes its batch), so
 * either all of it is queued or nothing is spent. A short balance throws INSUFFICIENT_TOKENS with the balance
 * and the whole cost; a mode the engine cannot do is INVALID_INPUT, and so is a refused request, with the
 * schema's reason (tooManyStyles, duplicateStyles, noStyles, stylesNotInMode, noScope, badVariations), an unknown style
 * (unknownStyle) or a listing without photos (noPhotos). Each style gets its seed and brief once per
 * listing. A retry of the same requestId spends nothing and queues nothing again, and answers what the first
 * request made and cost (its body is not looked at again, as for a single Generate), with the balance now.
 */
export async function generateListing(options: {
  userId: string;
  listingId: string;
  styles?: string[];
  variations: number;
  mode?: ListingMode;
  /** Declutter's scope and keep list (src/schemas/edit-params.ts). */
  params?: EditParamsInput;
  requestId: string;
  /** The engine the jobs will run on (GENERATION_PROVIDER). */
  engineId: string;
  db?: DbOrTx;
}): Promise<{ batchIds: string[]; cost: number; balance: number }> {
  const { userId } = options;
  const db = options.db ?? (await getDb());
  const parsed = generateListingSchema.safeParse({ mode: options.mode, styles: options.styles, variations: options.variations, params: options.params, requestId: options.requestId });
  if (!parsed.success) throw invalidInput(parsed.error);
  const { mode, styles, variations, params } = parsed.data;
  if (styles.some((s) => !findStyle(s))) throw new AppError("INVALID_INPUT", { field: "styles", reason: "unknownStyle" });
  if (!engineModes(options.engineId).includes(mode)) throw new AppError("INVALID_INPUT", { field: "mode" });
  const row = await loadOwnedListing({ db, userId, listingId: options.listingId });
  const spendKey = `spend:${userId}:listing:${options.requestId}`;
  // The same click again (a retry after a lost answer): the first one's answer, whatever this body says.
  const repeated = await earlierAnswer({ db, userId, teamId: row.teamId, spendKey, requestId: options.requestId });
  if (repeated) return repeated;
  const all = await db
    .select({ id: listingPhoto.id, roomType: listingPhoto.roomType, image })
    .from(listingPhoto)
    .leftJoin(image, eq(image.id, listingPhoto.imageId))
    .where(eq(listingPhoto.listingId, row.id))
    .orderBy(asc(listingPhoto.position));
  if (all.length === 0) throw new AppError("INVALID_INPUT", { field: "photos", reason: "noPhotos" });
  // Photos past their hour (or about to be) are left out, and not paid for: the listing page counts them out too.
  const photos = all.filter((p) => p.image && enoughTimeLeft(p.image.expiresAt));
  if (photos.length === 0) throw new AppError("GONE");

  const cost = photos.length * visualizationCount({ mode, styles, variations });
  const batchIds = photos.map(() => newId());
  const outcome = await db.transaction(async (tx) => {
    // A team's listing is paid from the team's pool, by this member, within their cap.
    const spent = await spendTokens({ db: tx, userId, teamId: row.teamId, amount: cost, idempotencyKey: spendKey, reference: `listing:${row.id}` });
    if (!spent.applied) {
      // The same click, committed by a retry that ran beside this one since the check above.
      const earlier = await earlierAnswer({ db: tx, userId, teamId: row.teamId, spendKey, requestId: options.requestId });
      if (!earlier) throw new AppError("CONFLICT");
      return { ...earlier, created: false };
    }
    // The first Generate of a style in this listing fixes its seed and brief; later ones reuse them.
    if (styles.length) {
      await tx
        .insert(listingStyle)
        .values(styles.map((styleId) => ({ listingId: row.id, styleId, seed: newSeed(), brief: writeStyleBrief(styleId) })))
        .onConflictDoNothing();
    }
    const now = new Date();
    for (const [i, photo] of photos.entries()) {
      const batchId = batchIds[i]!;
      const source = photo.image!;
      await insertBatchJobs({
        db: tx,
        batch: {
          id: batchId,
          userId,
          teamId: row.teamId,
          sourceImageId: source.id,
          roomType: photo.roomType,
          mode,
          params,
          engine: options.engineId,
          requestId: `${options.requestId}:${photo.id}`,
          createdAt: now,
          expiresAt: new Date(Math.min(now.getTime() + env().IMAGE_TTL_SECONDS * 1000, source.expiresAt.getTime())),
        },
        units: isStyledMode(mode) ? styles : [null],
        variations,
      });
      await tx.insert(listingBatch).values({ batchId, listingId: row.id, photoId: photo.id, createdAt: now });
    }
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}`);
    return { batchIds, cost, balance: spent.balance, created: true };
  });
  if (outcome.created) signalHere("jobs", "*");
  return { batchIds: outcome.batchIds, cost: outcome.cost, balance: outcome.balance };
}

/**
 * What a Generate already made under this requestId answered: its batches and the cost its spend recorded, with
 * the balance as it is now; null when there was none.
 */
async function earlierAnswer(options: { db: DbOrTx; userId: string; teamId: string | null; spendKey: string; requestId: string }) {
  const { db, userId } = options;
  const [spend] = await db
    .select({ amount: tokenLedger.amount })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.idempotencyKey, options.spendKey)));
  if (!spend) return null;
  const earlier = await db.select({ id: batch.id }).from(batch).where(and(eq(batch.userId, userId), sql`${batch.requestId} like ${`${options.requestId}:%`}`));
  return { batchIds: earlier.map((b) => b.id), cost: -spend.amount, balance: await getBalance({ db, userId, teamId: options.teamId }) };
}
