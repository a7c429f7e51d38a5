import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { env } from "@/env";
import { isStyledMode, roomFits } from "@/config/edit-modes";
import type { ListingMode } from "@/config/listings";
import { findStyle } from "@/config/styles";
import { getDb, type DbOrTx, type Tx } from "@/server/db/client";
import { batch, image, listingBatch, listingPhoto, listingStyle, tokenLedger } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { spendAndQueue, type QueueUnit } from "@/server/generation/spend-and-queue";
import { newId } from "@/server/db/new-id";
import { newSeed } from "@/server/generation/new-seed";
import { getBalance } from "@/server/tokens/get-balance";
import type { EditParams } from "@/schemas/edit-params";
import { visualizationCount } from "@/schemas/generation";
import type { GenerateListingRequest } from "@/schemas/listings";
import { checkModeOnEngine } from "@/server/generation/check-mode-on-engine";
import { photoShowsWhatModeNeeds } from "@/server/generation/check-photo-for-mode";
import { enoughTimeLeft } from "@/server/generation/enough-time-left";
import { findEarlierRequest } from "@/server/generation/find-earlier-request";
import { readReferencePhoto } from "@/server/generation/read-reference-photo";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { loadOwnedListing } from "./load-owned-listing";
import { writeStyleBrief } from "./write-style-brief";

export type { ListingMode as ListingGenerateMode } from "@/config/listings";

/**
 * Generate for a whole listing: its photos in one mode (restyle or stage in each chosen style, a sky or a
 * twilight, or declutter with its scope and keep list), photos × styles × variations tokens (photos × variations for declutter) spent
 * at once, in one transaction with one batch per photo (written as a single Generate writes its batch), so
 * either all of it is queued or nothing is spent. Only the photos whose room type the mode fits take part (a
 * twilight the outdoor ones, a staging the rooms), and only they are paid for. A short balance throws
 * INSUFFICIENT_TOKENS with the balance and the whole cost; a mode the engine cannot do is INVALID_INPUT, and so
 * is a listing without a photo the mode fits (noPhotosInMode), a photo that lacks what the mode needs
 * (photosWithoutSky, naming them), an unknown style (unknownStyle) or a listing without photos (noPhotos); the request comes checked by generateListingSchema (at the route). Each style gets its seed and brief once per
 * listing. A retry of the same requestId with the same request spends nothing and queues nothing again, and answers what
 * the first request made and cost, with the balance now; the same requestId for another listing or with other
 * settings is refused (findEarlierRequest).
 */
export async function generateListing(options: {
  userId: string;
  listingId: string;
  /** The engine the jobs will run on (GENERATION_ENGINE). */
  engineId: string;
  /** An API test key's generation: nothing is checked or spent, and a failure refunds nothing. */
  free?: boolean;
  /** Written in the batches' own transaction (an API key's lane and webhooks), before any worker can claim their jobs. */
  linked?: (tx: Tx, batchIds: string[]) => Promise<void>;
  db?: DbOrTx;
  storage?: ImageStorage;
} & GenerateListingRequest): Promise<{ batchIds: string[]; cost: number; balance: number }> {
  const { userId, mode, styles, variations, params } = options;
  const db = options.db ?? (await getDb());
  if (styles.some((s) => !findStyle(s))) throw new AppError("INVALID_INPUT", { field: "styles", reason: "unknownStyle" });
  checkModeOnEngine({ mode, engineId: options.engineId });
  const row = await loadOwnedListing({ db, userId, listingId: options.listingId });
  // The same click again (a retry after a lost answer) answers what the first one made; its requestId sent for
  // another listing or with other settings is refused (requestReused), before anything is spent.
  const asked = { kind: "listing", listingId: row.id, requestId: options.requestId, mode, styles, variations, params };
  const { batchIds, fingerprint } = await findEarlierRequest({ db, userId, request: asked });
  // One spend per requestId, whatever the listing: two requests racing with one id cannot both be paid.
  const spendKey = `spend:${userId}:listing:${options.requestId}`;
  if (batchIds.length) {
    const repeated = await earlierAnswer({ db, userId, listingId: row.id, teamId: row.teamId, spendKey, requestId: options.requestId });
    if (repeated) return repeated;
  }
  const all = await db
    .select({ id: listingPhoto.id, roomType: listingPhoto.roomType, position: listingPhoto.position, image })
    .from(listingPhoto)
    .leftJoin(image, eq(image.id, listingPhoto.imageId))
    .where(eq(listingPhoto.listingId, row.id))
    .orderBy(asc(listingPhoto.position));
  if (all.length === 0) throw new AppError("INVALID_INPUT", { field: "photos", reason: "noPhotos" });
  // Photos past their hour (or about to be) are left out, and not paid for: the listing page counts them out too.
  const live = all.filter((p) => p.image && enoughTimeLeft(p.image.expiresAt));
  if (live.length === 0) throw new AppError("GONE");
  // So are the photos of a type the mode is not for (a twilight makes the exteriors of a listing of rooms and a
  // facade): a listing mixes them, and each mode takes its own. None of them: refused before anything is spent.
  const photos = live.filter((p) => roomFits(mode, p.roomType));
  if (photos.length === 0) throw new AppError("INVALID_INPUT", { field: "mode", reason: "noPhotosInMode" });
  // A photo the mode cannot work on (a sky mode's photo without a sky) is named: what was confirmed is what is paid.
  const storage = options.storage ?? getStorage();
  const blind: number[] = [];
  for (const photo of photos) {
    if (!(await photoShowsWhatModeNeeds({ mode, photo: () => storage.get(photo.image!.storageKey) }))) blind.push(all.indexOf(photo) + 1);
  }
  if (blind.length > 0) throw new AppError("INVALID_INPUT", { field: "mode", reason: "photosWithoutSky", photos: blind.join(", "), count: blind.length });
  const reference = await readReferencePhoto({ db, storage, userId, teamId: row.teamId, mode, params });

  const cost = options.free ? 0 : photos.length * visualizationCount({ mode, styles, variations });
  const now = new Date();
  const outcome = await spendAndQueue({
    db,
    userId,
    // A team's listing is paid from the team's pool, by this member, within their cap.
    teamId: row.teamId,
    free: options.free,
    cost,
    idempotencyKey: spendKey,
    reference: `listing:${row.id}`,
    plan: async (tx) => {
      const units = await listingUnits({ db: tx, listingId: row.id, mode, styles, params, brief: reference?.brief ?? null });
      return photos.map((photo) => ({
        batch: {
          id: newId(),
          userId,
          teamId: row.teamId,
          sourceImageId: photo.image!.id,
          roomType: photo.roomType,
          mode,
          params,
          engine: options.engineId,
          requestId: `${options.requestId}:${photo.id}`,
          requestHash: fingerprint,
          free: options.free ?? false,
          createdAt: now,
          expiresAt: new Date(Math.min(now.getTime() + env().IMAGE_TTL_SECONDS * 1000, photo.image!.expiresAt.getTime())),
        },
        units,
        variations,
        // The first photo leads each style; the others follow its result.
        referenceRank: photo.position,
      }));
    },
    linked: async (tx, batches) => {
      await tx.insert(listingBatch).values(batches.map((b, i) => ({ batchId: b.batch.id, listingId: row.id, photoId: photos[i]!.id, createdAt: now })));
      await options.linked?.(tx, batches.map((b) => b.batch.id));
    },
  });
  if (outcome.applied) return { batchIds: outcome.batches.map((b) => b.batch.id), cost, balance: outcome.balance };
  // The same click, committed by a retry that ran beside this one since the check above (or the same id sent
  // with another request meanwhile: refused).
  await findEarlierRequest({ db, userId, request: asked });
  const earlier = await earlierAnswer({ db, userId, listingId: row.id, teamId: row.teamId, spendKey, requestId: options.requestId });
  if (!earlier) throw new AppError("CONFLICT");
  return earlier;
}

/**
 * What every photo's batch is queued with: restyle and stage share a style's seed and brief, fixed by the
 * listing's first Generate of the style (so a staged room and a restyled one of the same style agree); a
 * declutter has no style, its seed comes from the listing's id; a reference photo's brief goes to every photo. Each mode and style (a declutter's: its
 * parameters) is a reference group: its first result is what the other photos follow.
 */
async function listingUnits(options: { db: Tx; listingId: string; mode: ListingMode; styles: string[]; params: EditParams; brief: string | null }): Promise<QueueUnit[]> {
  const { db, listingId, mode, styles } = options;
  const group = `listing:${listingId}:${mode}`;
  if (!isStyledMode(mode)) {
    const seed = createHash("sha256").update(`listing:${listingId}`).digest().readUInt32BE(0);
    const params = createHash("md5").update(JSON.stringify(options.params)).digest("hex");
    return [{ styleId: null, seed, brief: options.brief, referenceGroup: `${group}:params:${params}` }];
  }
  await db
    .insert(listingStyle)
    .values(styles.map((styleId) => ({ listingId, styleId, seed: newSeed(), brief: writeStyleBrief(styleId) })))
    .onConflictDoNothing();
  const fixed = await db
    .select()
    .from(listingStyle)
    .where(and(eq(listingStyle.listingId, listingId), inArray(listingStyle.styleId, styles)));
  return styles.map((styleId) => {
    const style = fixed.find((f) => f.styleId === styleId)!;
    return { styleId, seed: style.seed, brief: style.brief, referenceGroup: `${group}:style:${styleId}` };
  });
}

/**
 * What a Generate already made under this requestId answered: its batches and the cost its spend recorded (none
 * for a free one), with the balance as it is now; null when there was none.
 */
async function earlierAnswer(options: { db: DbOrTx; userId: string; listingId: string; teamId: string | null; spendKey: string; requestId: string }) {
  const { db, userId } = options;
  const earlier = await db
    .select({ id: batch.id })
    .from(batch)
    .innerJoin(listingBatch, eq(listingBatch.batchId, batch.id))
    .where(and(eq(batch.userId, userId), eq(listingBatch.listingId, options.listingId), sql`${batch.requestId} like ${`${options.requestId}:%`}`));
  if (earlier.length === 0) return null;
  const [spend] = await db
    .select({ amount: tokenLedger.amount })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.idempotencyKey, options.spendKey)));
  return { batchIds: earlier.map((b) => b.id), cost: -(spend?.amount ?? 0), balance: await getBalance({ db, userId, teamId: options.teamId }) };
}
