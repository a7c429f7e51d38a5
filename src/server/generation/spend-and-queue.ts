import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/server/db/client";
import { batch, generationJob, visualization } from "@/server/db/schema";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { getBalance } from "@/server/tokens/get-balance";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { appendBatchEvents } from "./append-batch-events";
import { newId } from "@/server/db/new-id";
import { newSeed } from "./new-seed";
import type { BatchRow, VisualizationRow } from "./dto";

/** One unit of a batch: a style (null in a mode without one), and what its jobs need beyond the batch. */
export type QueueUnit = {
  styleId: string | null;
  /** Added to the prompt of each of its visualizations. */
  brief?: string | null;
  /** The seed its variations share, moved by the variation's number; a fresh one per visualization without it. */
  seed?: number;
  /** The group whose first result the others follow (run-job, reference-for.ts). */
  referenceGroup?: string | null;
};

/** One batch to write: its row, its units × variations, and its place in its reference groups. */
export type BatchPlan = {
  batch: typeof batch.$inferInsert & { id: string; userId: string };
  units: readonly QueueUnit[];
  variations: number;
  referenceRank?: number | null;
};

export type QueuedBatch = { batch: BatchRow; visualizations: VisualizationRow[] };

/**
 * Spend and queue, in one transaction: spends `cost` tokens under `idempotencyKey` (the ledger refuses a short
 * balance with INSUFFICIENT_TOKENS and changes nothing), then writes the batches `plan` returns — each with a
 * visualization and a queued job per unit × variation, carrying its seed, brief and reference group, and their
 * "queued" events — and `linked` adds what belongs with them; the workers and event streams of every process
 * learn of them at commit. A spend already made under the key (the same click again) writes nothing and
 * answers `applied: false`. Every way to start generation goes through here: the design page, listings, and
 * what comes next.
 */
export async function spendAndQueue(options: {
  db: DbOrTx;
  userId: string;
  /** Spend from this team's pool (the member's cap applies) instead of the person's own balance. */
  teamId?: string | null;
  /** An API test key's work: nothing is spent and no ledger entry is written (the batch row says `free`). */
  free?: boolean;
  cost: number;
  idempotencyKey: string;
  /** The ledger entry's reference (`batch:<id>`, `listing:<id>`). */
  reference: string;
  plan: (tx: Tx) => Promise<BatchPlan[]> | BatchPlan[];
  linked?: (tx: Tx, batches: QueuedBatch[]) => Promise<void>;
}): Promise<{ applied: true; balance: number; batches: QueuedBatch[] } | { applied: false; balance: number }> {
  const { userId } = options;
  const outcome = await options.db.transaction(async (tx) => {
    const spent = options.free
      ? { applied: true, balance: await getBalance({ db: tx, userId, teamId: options.teamId }) }
      : await spendTokens({ db: tx, userId, teamId: options.teamId, amount: options.cost, idempotencyKey: options.idempotencyKey, reference: options.reference });
    if (!spent.applied) return { applied: false as const, balance: spent.balance };
    const batches: QueuedBatch[] = [];
    for (const plan of await options.plan(tx)) batches.push(await insertBatch(tx, plan));
    await options.linked?.(tx, batches);
    // Delivered to the workers and event streams of other processes at commit, without a round trip after it.
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}, ${sql.join(batches.map((b) => notifyOnCommit("batch", sql`${b.batch.id}`)), sql`, `)}`);
    return { applied: true as const, balance: spent.balance, batches };
  });
  if (outcome.applied) {
    signalHere("jobs", "*");
    for (const b of outcome.batches) signalHere("batch", b.batch.id);
  }
  return outcome;
}

/** Seeds stay within a signed 32-bit integer, which every engine that takes one accepts; variations of a unit differ. */
function variationSeed(seed: number, variant: number): number {
  return (seed + variant * 7919) % (2 ** 31 - 1) || 1;
}

/** Variations of a unit sit next to each other: position = unit × variations + variation. */
async function insertBatch(tx: Tx, plan: BatchPlan): Promise<QueuedBatch> {
  const { variations } = plan;
  const { id: batchId, userId } = plan.batch;
  const [created] = await tx.insert(batch).values(plan.batch).returning();
  const rows = plan.units.flatMap((unit, index) =>
    Array.from({ length: variations }, (_, variant) => ({
      id: newId(),
      batchId,
      userId,
      position: index * variations + variant,
      styleId: unit.styleId,
      variant,
      seed: unit.seed === undefined ? newSeed() : variationSeed(unit.seed, variant),
      brief: unit.brief ?? null,
      referenceGroup: unit.referenceGroup ?? null,
      referenceRank: unit.referenceGroup ? (plan.referenceRank ?? 0) : null,
    })),
  );
  const visualizations = await tx.insert(visualization).values(rows).returning();
  await tx.insert(generationJob).values(rows.map((row) => ({ visualizationId: row.id })));
  await appendBatchEvents(tx, batchId, rows.map((row) => ({ type: "queued", visualizationId: row.id })));
  return { batch: created!, visualizations: visualizations.sort((a, b) => a.position - b.position) };
}
