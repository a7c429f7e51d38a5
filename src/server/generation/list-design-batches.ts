import "server-only";
import { and, desc, eq, gt, notExists, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, listingBatch } from "@/server/db/schema";
import type { BatchDto } from "@/schemas/generation";
import { ownedBy } from "@/server/images/owned-by";
import { loadBatchDtos } from "./get-batch";

/** How many of the last hour's design-page batches are looked at: more than anyone has in progress at once. */
const LOOKED_AT = 10;

/**
 * What the design page shows again when the person comes back to it (a reload, a visit elsewhere): the
 * newest of their design-page batches (where they work now: their own or their team's) of the last hour, finished or not, and every other one still being
 * made, newest first. So a reload keeps the results just made on screen, and nobody orders the same thing
 * twice thinking the first was lost. The rest of the hour is on /generations; a listing's batches belong to
 * its own page.
 */
export async function listDesignBatches(options: { userId: string; teamId?: string | null; db?: DbOrTx }): Promise<BatchDto[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select()
    .from(batch)
    .where(
      and(
        ownedBy(batch, { userId: options.userId, teamId: options.teamId ?? null }),
        gt(batch.expiresAt, sql`now()`),
        notExists(db.select({ one: sql`1` }).from(listingBatch).where(eq(listingBatch.batchId, batch.id))),
      ),
    )
    .orderBy(desc(batch.createdAt))
    .limit(LOOKED_AT);
  const batches = await loadBatchDtos(db, rows);
  return batches.filter((shown, index) => index === 0 || shown.visualizations.some((v) => v.status === "queued" || v.status === "running"));
}
