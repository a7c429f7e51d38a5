import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { generationJob } from "@/server/db/schema";

/**
 * Ends now the leases of jobs left running by a process that died. Only for the embedded database: one
 * process at a time works on its data directory (it holds DATA_DIR/db.pid), so whatever is still marked
 * running when that process starts is nobody's, and its worker takes it over at once instead of after the
 * lease runs out (half a minute in which the person's cards stay at their last progress). On PostgreSQL other
 * processes may be running those jobs; their leases end on their own. Returns how many were released.
 */
export async function releaseOrphanedJobs(options: { db: DbOrTx }): Promise<number> {
  const released = await options.db
    .update(generationJob)
    // A second back, not now(): the embedded database's clock can read the same in the claim that follows.
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(and(eq(generationJob.state, "running"), gt(generationJob.leaseUntil, sql`now()`)))
    .returning({ visualizationId: generationJob.visualizationId });
  return released.length;
}
