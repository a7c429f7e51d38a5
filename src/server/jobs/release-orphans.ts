import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";

/**
 * Ends now the leases of a queue's rows left running by a process that died. Only for the embedded database:
 * one process at a time works on its data directory (it holds DATA_DIR/db.pid), so whatever is still marked
 * running when that process starts is nobody's, and its workers take it over at once instead of after the lease
 * runs out. On PostgreSQL other processes may be running those rows; their leases end on their own. Returns how
 * many were released.
 */
export async function releaseOrphans(options: { db: DbOrTx; table: string; state: string; lease: string }): Promise<number> {
  const state = sql.identifier(options.state);
  const lease = sql.identifier(options.lease);
  const rows = await executeRows(options.db, sql`
    update ${sql.identifier(options.table)}
       -- A second back, not now(): the embedded database's clock can read the same in the claim that follows.
       set ${lease} = now() - interval '1 second'
     where ${state} = 'running' and ${lease} > now()
    returning 1`);
  return rows.length;
}
