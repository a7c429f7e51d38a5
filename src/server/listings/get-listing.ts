import "server-only";
import { aliasedTable, and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import type { EditMode } from "@/config/edit-modes";
import { isAiResult } from "@/config/engines";
import { STRUCTURE_CHECK_WAIT_SECONDS } from "@/config/generation";
import { batch, image, listingBatch, listingPhoto, listingShare, visualization } from "@/server/db/schema";
import { findingsOf, isFlagged } from "@/server/generation/dto";
import { toImageDto, type ImageRow } from "@/server/images/image-dto";
import type { FailureReason } from "@/schemas/generation";
import type { ListingDto, ListingResultDto } from "@/schemas/listings";
import { enoughTimeLeft } from "@/server/generation/enough-time-left";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * A listing as its page shows it: photos in order with their results (newest Generate first), the chosen one,
 * the HD copy and the client links. Images past their hour are null, never a URL that would answer 410.
 */
export async function getListing(options: { userId: string; listingId: string; db?: DbOrTx; now?: Date }): Promise<ListingDto> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const row = await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const hd = aliasedTable(image, "hd");
  const photos = await db
    .select({ photo: listingPhoto, image, hd })
    .from(listingPhoto)
    .leftJoin(image, eq(image.id, listingPhoto.imageId))
    // The HD copy of the chosen result: one made of another result stays for when that one is chosen again.
    .leftJoin(hd, and(eq(hd.id, listingPhoto.hdImageId), eq(listingPhoto.hdVisualizationId, listingPhoto.chosenVisualizationId)))
    .where(eq(listingPhoto.listingId, row.id))
    .orderBy(asc(listingPhoto.position));
  const live = (i: ImageRow | null) => (i && i.expiresAt > now ? toImageDto(i) : null);

  const photoIds = photos.map((p) => p.photo.id);
  const results = photoIds.length
    ? await db
        .select({ photoId: listingBatch.photoId, createdAt: listingBatch.createdAt, mode: batch.mode, engine: batch.engine, v: visualization, result: image })
        .from(listingBatch)
        .innerJoin(batch, eq(batch.id, listingBatch.batchId))
        .innerJoin(visualization, eq(visualization.batchId, listingBatch.batchId))
        .leftJoin(image, eq(image.id, visualization.resultImageId))
        .where(inArray(listingBatch.photoId, photoIds))
        .orderBy(desc(listingBatch.createdAt), asc(visualization.position))
    : [];
  const remadeAs = new Map(results.filter((r) => r.v.remakeOf).map((r) => [r.v.remakeOf!, r.v.id]));
  const byPhoto = new Map<string, ListingResultDto[]>();
  for (const r of results) {
    const list = byPhoto.get(r.photoId) ?? [];
    list.push({
      visualizationId: r.v.id,
      batchId: r.v.batchId,
      mode: r.mode as EditMode,
      styleId: r.v.styleId ?? "",
      ai: isAiResult(r.engine, r.mode as EditMode),
      variant: r.v.variant,
      status: r.v.status,
      progress: r.v.progress,
      result: live(r.result),
      failureReason: (r.v.failureReason as FailureReason | null) ?? null,
      refunded: r.v.refunded,
      structureScore: r.v.structureScore,
      flagged: isFlagged(r.v.structureScore),
      structureFindings: findingsOf(r.v.structureScore, r.v.structureFindings),
      scoring: r.v.status === "succeeded" && r.v.structureScore === null && r.v.finishedAt !== null && r.v.finishedAt.getTime() > now.getTime() - STRUCTURE_CHECK_WAIT_SECONDS * 1000,
      remadeAs: remadeAs.get(r.v.id) ?? null,
      remakeOf: r.v.remakeOf,
    });
    byPhoto.set(r.photoId, list);
  }

  const shares = await db.select().from(listingShare).where(eq(listingShare.listingId, row.id)).orderBy(desc(listingShare.createdAt));
  const liveExpiries = photos.flatMap((p) => (p.image && p.image.expiresAt > now ? [p.image.expiresAt.getTime()] : []));
  return {
    id: row.id,
    name: row.name,
    disclosureLabel: row.disclosureLabel,
    keptUntil: row.keepUntil && row.keepUntil > now ? row.keepUntil.toISOString() : null,
    lastRoomType: row.lastRoomType,
    createdAt: row.createdAt.toISOString(),
    expiresAt: liveExpiries.length ? new Date(Math.min(...liveExpiries)).toISOString() : null,
    expired: photos.length > 0 && liveExpiries.length === 0,
    photos: photos.map((p) => ({
      id: p.photo.id,
      position: p.photo.position,
      roomType: p.photo.roomType,
      image: live(p.image),
      generatable: p.image !== null && enoughTimeLeft(p.image.expiresAt, now),
      chosenVisualizationId: p.photo.chosenVisualizationId,
      hd: live(p.hd),
      hdState: p.photo.hdVisualizationId === p.photo.chosenVisualizationId ? (p.photo.hdState ?? null) : null,
      results: byPhoto.get(p.photo.id) ?? [],
    })),
    shares: shares.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), revoked: s.revoked })),
  };
}
