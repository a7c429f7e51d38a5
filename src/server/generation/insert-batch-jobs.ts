import "server-only";
import type { Tx } from "@/server/db/client";
import { batch, generationJob, visualization } from "@/server/db/schema";
import { appendBatchEvents } from "./append-batch-events";
import { newId } from "@/server/db/new-id";
import { newSeed } from "./new-seed";
import type { BatchRow, VisualizationRow } from "./dto";

/**
 * Writes one batch inside the caller's transaction: its row, a visualization with its own seed and a queued job
 * for each unit (a style, or null for a mode without one) × variation, and their "queued" events. Variations of
 * a unit sit next to each other: position = unit × variations + variation. Spending and waking the workers stay
 * with the caller, which may write several batches in one transaction.
 */
export async function insertBatchJobs(options: {
  db: Tx;
  batch: typeof batch.$inferInsert & { id: string; userId: string };
  units: readonly (string | null)[];
  variations: number;
}): Promise<{ batch: BatchRow; visualizations: VisualizationRow[] }> {
  const { db: tx, variations } = options;
  const { id: batchId, userId } = options.batch;
  const [created] = await tx.insert(batch).values(options.batch).returning();
  const rows = options.units.flatMap((styleId, unit) =>
    Array.from({ length: variations }, (_, variant) => ({ id: newId(), batchId, userId, position: unit * variations + variant, styleId, variant, seed: newSeed() })),
  );
  const visualizations = await tx.insert(visualization).values(rows).returning();
  await tx.insert(generationJob).values(rows.map((row) => ({ visualizationId: row.id })));
  await appendBatchEvents(tx, batchId, rows.map((row) => ({ type: "queued", visualizationId: row.id })));
  return { batch: created!, visualizations: visualizations.sort((a, b) => a.position - b.position) };
}
