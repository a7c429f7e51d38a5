import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { batch, image, visualization } from "@/server/db/schema";
import type { Engine } from "@/server/engines/engine";
import { log } from "@/server/log";
import { signalHere } from "@/server/realtime/signals";
import type { ImageStorage } from "@/server/storage/storage";
import { refundToken } from "@/server/tokens/refund-token";
import { announceHdEnd } from "./announce-hd-end";
import type { ResultHdOrder } from "./claim-result-hd-orders";
import { makeHdImage } from "./make-hd-image";

/**
 * Makes the 4K copy of a claimed single result's order (claimResultHdOrders) with makeHdImage, kept for the
 * result's hour (a plain resampling for a test batch's free one). A failure, or a result past its hour, gives the order's token back (keyed by the order, so
 * once, to the pool that paid). When `signal` aborts (the process stops) the order goes back to the queue. The order's
 * end is an "hd" event of the result's batch, whose stream the page follows meanwhile.
 */
export async function makeResultHd(options: {
  db: Db;
  storage: ImageStorage;
  engine: Partial<Pick<Engine, "id" | "upscale">>;
  order: ResultHdOrder;
  signal?: AbortSignal;
}): Promise<{ visualizationId: string; outcome: "made" | "failed" | "dropped" }> {
  const { db, storage, order } = options;
  const visualizationId = order.id;
  const attempt = order.hd_attempt;
  // Only the worker holding this order's attempt may end it (a late one whose lease ran out changes nothing).
  const mine = and(eq(visualization.id, visualizationId), eq(visualization.hdAttempt, attempt), eq(visualization.hdState, "running"));
  const [row] = await db
    .select({ image, engine: batch.engine, mode: batch.mode, teamId: batch.teamId, free: batch.free, batchId: batch.id })
    .from(visualization)
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .leftJoin(image, eq(image.id, visualization.resultImageId))
    .where(eq(visualization.id, visualizationId));
  const announce = async (tx: Tx, state: "ready" | "failed" | null) => {
    if (row) await announceHdEnd(tx, { batchId: row.batchId, visualizationId, state });
  };
  const giveBack = async (state: "failed" | null, why: unknown) => {
    const ended = await db.transaction(async (tx) => {
      const [ended] = await tx.update(visualization).set({ hdState: state, hdLeaseUntil: null }).where(mine).returning({ id: visualization.id });
      if (!ended) return false;
      // A test batch's copy was free: nothing to give back.
      if (!row?.free) await refundToken({ db: tx, userId: order.user_id, teamId: row?.teamId, idempotencyKey: `hd-refund:visualization:${visualizationId}:${attempt}`, spentUnder: `hd-spend:visualization:${visualizationId}:${attempt}`, reference: `visualization:${visualizationId}` });
      await announce(tx, state);
      return true;
    });
    if (ended && row) signalHere("batch", row.batchId);
    log.warn("generation.hd_failed", { visualizationId, attempt, error: why });
  };
  if (!row?.image || row.image.expiresAt <= new Date()) {
    await giveBack(null, "the result has expired");
    return { visualizationId, outcome: "dropped" };
  }
  const result = row.image;
  let storedKey: string | null = null;
  try {
    const made = await makeHdImage({ db, storage, engine: options.engine, result, madeBy: row, plain: row.free, signal: options.signal });
    storedKey = made.storageKey;
    const kept = await db.transaction(async (tx) => {
      const [ended] = await tx.update(visualization).set({ hdState: null, hdLeaseUntil: null }).where(mine).returning({ id: visualization.id });
      if (!ended) return false;
      await tx.insert(image).values({ id: made.id, userId: order.user_id, teamId: result.teamId, kind: "result", storageKey: made.storageKey, contentType: "image/jpeg", width: made.width, height: made.height, bytes: made.bytes, expiresAt: result.expiresAt });
      await tx.update(visualization).set({ hdImageId: made.id }).where(eq(visualization.id, visualizationId));
      await announce(tx, "ready");
      return true;
    });
    if (kept) signalHere("batch", row.batchId);
    // Another worker took the order over meanwhile (this one's lease ran out): its copy is the one kept.
    if (!kept) await storage.delete(made.storageKey).catch(() => undefined);
    else log.info("generation.hd_made", { visualizationId, attempt, width: made.width, height: made.height });
    return { visualizationId, outcome: kept ? "made" : "dropped" };
  } catch (error) {
    if (storedKey) await storage.delete(storedKey).catch(() => undefined);
    if (options.signal?.aborted) {
      await db.update(visualization).set({ hdState: "queued", hdLeaseUntil: null }).where(mine);
      throw error;
    }
    await giveBack("failed", error);
    return { visualizationId, outcome: "failed" };
  }
}
