import "server-only";
import { and, eq, max, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { batch, generationJob, image, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { applyLedgerEntry } from "@/server/tokens/apply-ledger-entry";
import { ownedBy } from "@/server/images/owned-by";
import type { VisualizationDto } from "@/schemas/generation";
import { appendBatchEvents } from "./append-batch-events";
import { isFlagged, toVisualizationDto } from "./dto";
import { newId } from "@/server/db/new-id";
import { newSeed } from "./new-seed";

/**
 * Makes a flagged result again, once, at no cost: in one transaction the ledger credits the visualization's
 * token back and spends it on the remake (keys `remake-credit:<id>` and `remake-spend:<id>`, so however often
 * it is asked, it never pays twice), and a new visualization of the same style with a new seed is queued in the
 * same batch. Only the owner's succeeded, flagged, not yet remade visualization qualifies; a remake is not
 * remade again (CONFLICT, reason `remakeNotOffered`).
 */
export async function remakeVisualization(options: { userId: string; visualizationId: string; db?: Db }): Promise<VisualizationDto> {
  const { userId, visualizationId } = options;
  const db = options.db ?? (await getDb());
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ visualization, batchExpiresAt: batch.expiresAt })
      .from(visualization)
      .innerJoin(batch, eq(batch.id, visualization.batchId))
      .where(and(eq(visualization.id, visualizationId), eq(visualization.userId, userId), ownedBy(batch, { userId })))
      .for("update", { of: batch });
    if (!row) throw new AppError("NOT_FOUND");
    if (row.batchExpiresAt <= new Date()) throw new AppError("GONE");
    const original = row.visualization;
    // Asked again (a second tab, an answer that was lost): the remake as it stands, with its result once it has one.
    const [existing] = await tx.select({ visualization, result: image }).from(visualization).leftJoin(image, eq(image.id, visualization.resultImageId)).where(eq(visualization.remakeOf, original.id));
    if (existing) return { dto: toVisualizationDto(existing.visualization, existing.result), fresh: false };
    if (original.status !== "succeeded" || !isFlagged(original.structureScore) || original.remakeOf) throw new AppError("CONFLICT", { reason: "remakeNotOffered" });

    const reference = `visualization:${original.id}`;
    await applyLedgerEntry(tx, { userId, kind: "refund", amount: 1, idempotencyKey: `remake-credit:${original.id}`, reference });
    await applyLedgerEntry(tx, { userId, kind: "spend", amount: -1, idempotencyKey: `remake-spend:${original.id}`, reference });
    const [last] = await tx.select({ position: max(visualization.position) }).from(visualization).where(eq(visualization.batchId, original.batchId));
    const [remake] = await tx
      .insert(visualization)
      .values({
        id: newId(),
        batchId: original.batchId,
        userId,
        position: (last?.position ?? 0) + 1,
        styleId: original.styleId,
        variant: original.variant,
        seed: newSeed(),
        remakeOf: original.id,
      })
      .returning();
    await tx.insert(generationJob).values({ visualizationId: remake!.id });
    const dto = toVisualizationDto(remake!, null);
    await appendBatchEvents(tx, original.batchId, [{ type: "remade", visualizationId: original.id, remake: dto }]);
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}, ${notifyOnCommit("batch", sql`${original.batchId}`)}`);
    return { dto, fresh: true, batchId: original.batchId };
  });
  if (created.fresh && created.batchId) {
    signalHere("jobs", "*");
    signalHere("batch", created.batchId);
  }
  return created.dto;
}
