import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";

/**
 * What a visualization of a reference group (ClaimedJob.referenceGroup) follows: the storage key of the group's
 * first finished result still within its hour; else "lead" for the one that leads the group (the unfinished one
 * of the lowest rank, then position in its batch), which runs now on its own; else "wait" for the others, so
 * every later one follows the leader's result instead of starting a design of its own alongside it.
 */
export async function referenceFor(options: { db: DbOrTx; visualizationId: string; group: string }): Promise<{ storageKey: string } | "lead" | "wait"> {
  const { visualizationId, group } = options;
  const [row] = await executeRows<{ reference: string | null; leader: string | null }>(options.db, sql`
    select (
      select i.storage_key
        from visualization v
        join image i on i.id = v.result_image_id
       where v.reference_group = ${group} and v.status = 'succeeded' and v.id <> ${visualizationId} and i.expires_at > now()
       order by v.finished_at, v.id
       limit 1
    ) as reference, (
      select v.id
        from visualization v
       where v.reference_group = ${group} and v.status in ('queued', 'running')
       order by v.reference_rank, v.position, v.id
       limit 1
    ) as leader`);
  if (row?.reference) return { storageKey: row.reference };
  return !row?.leader || row.leader === visualizationId ? "lead" : "wait";
}
