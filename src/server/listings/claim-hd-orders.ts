import "server-only";
import { sql } from "drizzle-orm";
import { HD_LEASE_MS } from "@/config/listings";
import type { DbOrTx } from "@/server/db/client";
import { claimFairly } from "@/server/jobs/claim-fairly";

/** An HD order as claimed: its photo (the order's row), its owner and what it upscales. */
export type HdOrder = { id: string; listing_id: string; user_id: string; hd_attempt: number; hd_visualization_id: string | null; chosen_visualization_id: string | null; hd_free: boolean };

/**
 * Claims up to `limit` waiting HD orders (or ones whose worker died, their lease run out), people taking turns
 * (claimFairly): after one account's twenty orders, another person's single order is the next one claimed.
 */
export async function claimHdOrders(options: { db: DbOrTx; limit: number; leaseMs?: number }): Promise<HdOrder[]> {
  const leaseMs = options.leaseMs ?? HD_LEASE_MS;
  return claimFairly<HdOrder>({
    db: options.db,
    limit: options.limit,
    queue: {
      name: "hd-copy",
      table: "listing_photo",
      key: "id",
      due: sql`
        select p.id as key, l.user_id as owner, p.hd_ordered_at as queued_at, null::text as lane, null::int as lane_limit
          from listing_photo p
          join listing l on l.id = p.listing_id
         where p.hd_state = 'queued' or (p.hd_state = 'running' and p.hd_lease_until < now())`,
      running: sql`
        select l.user_id as owner, null::text as lane
          from listing_photo p
          join listing l on l.id = p.listing_id
         where p.hd_state = 'running' and p.hd_lease_until >= now()`,
      set: sql`hd_state = 'running', hd_lease_until = now() + ${leaseMs} * interval '1 millisecond'`,
    },
    select: sql`
      select c.id, c.listing_id, l.user_id, c.hd_attempt, c.hd_visualization_id, c.chosen_visualization_id, c.hd_free
        from claimed c join listing l on l.id = c.listing_id`,
  });
}
