import "server-only";
import { sql } from "drizzle-orm";
import { HD_LEASE_MS } from "@/config/listings";
import type { DbOrTx } from "@/server/db/client";
import { claimFairly } from "@/server/jobs/claim-fairly";

/** A single result's 4K order as claimed: its visualization (the order's row), its owner and its attempt. */
export type ResultHdOrder = { id: string; user_id: string; hd_attempt: number };

/**
 * Claims up to `limit` waiting 4K orders of single results (or ones whose worker died, their lease run out),
 * people taking turns (claimFairly), as a listing's HD orders are claimed.
 */
export async function claimResultHdOrders(options: { db: DbOrTx; limit: number; leaseMs?: number }): Promise<ResultHdOrder[]> {
  const leaseMs = options.leaseMs ?? HD_LEASE_MS;
  return claimFairly<ResultHdOrder>({
    db: options.db,
    limit: options.limit,
    queue: {
      name: "result-hd",
      table: "visualization",
      key: "id",
      due: sql`
        select v.id as key, v.user_id as owner, v.hd_ordered_at as queued_at, null::text as lane, null::int as lane_limit
          from visualization v
         where v.hd_state = 'queued' or (v.hd_state = 'running' and v.hd_lease_until < now())`,
      running: sql`
        select v.user_id as owner, null::text as lane
          from visualization v
         where v.hd_state = 'running' and v.hd_lease_until >= now()`,
      set: sql`hd_state = 'running', hd_lease_until = now() + ${leaseMs} * interval '1 millisecond'`,
    },
    select: sql`select c.id, c.user_id, c.hd_attempt from claimed c`,
  });
}
