import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";

/**
 * Whether this visualization of a listing should run now although no result of its kind (mode and style; for a
 * declutter, mode and parameters) has finished yet: true for the one that leads its kind (the unfinished one of
 * the lowest photo position, then position in its batch), and for anything outside a listing. The others wait
 * for the leader's result, so every later photo follows it as a reference instead of starting a design of its
 * own alongside it.
 */
export async function leadsItsStyle(options: { db: DbOrTx; visualizationId: string }): Promise<boolean> {
  const rows = await executeRows<{ leader: string | null }>(options.db, sql`
    with own as (
      select lb.listing_id, v.style_id, b.mode, b.params
        from visualization v
        join listing_batch lb on lb.batch_id = v.batch_id
        join batch b on b.id = v.batch_id
       where v.id = ${options.visualizationId}
    )
    select (
      select v.id
        from visualization v
        join listing_batch lb on lb.batch_id = v.batch_id
        join batch b on b.id = v.batch_id
        join listing_photo p on p.id = lb.photo_id
        join own on own.listing_id = lb.listing_id and own.mode = b.mode
         and (own.style_id = v.style_id or (own.style_id is null and v.style_id is null and own.params = b.params))
       where v.status in ('queued', 'running')
       order by p.position, v.position, v.id
       limit 1
    ) as leader
      from own`);
  const leader = rows[0]?.leader;
  return !rows.length || !leader || leader === options.visualizationId;
}
