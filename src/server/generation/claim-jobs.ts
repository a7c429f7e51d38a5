import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";

export type ClaimedJob = { visualizationId: string; claimToken: string; attempts: number };

/**
 * Takes up to `limit` jobs that are due (queued and past run_after) or abandoned (running with an
 * expired lease), in one short statement: SKIP LOCKED lets concurrent workers take different rows
 * instead of waiting on each other. Each claim gets a fresh token and counts one attempt.
 */
export async function claimJobs(options: { db: DbOrTx; limit: number; leaseMs: number }): Promise<ClaimedJob[]> {
  if (options.limit <= 0) return [];
  const rows = await executeRows<{ visualization_id: string; claim_token: string; attempts: number }>(options.db, sql`
    update generation_job j
       set state = 'running',
           attempts = j.attempts + 1,
           lease_until = now() + ${options.leaseMs} * interval '1 millisecond',
           claim_token = gen_random_uuid()::text
      from (select visualization_id from generation_job
             where (state = 'queued' and run_after <= now()) or (state = 'running' and lease_until < now())
             order by run_after
             limit ${options.limit}
             for update skip locked) due
     where j.visualization_id = due.visualization_id
    returning j.visualization_id, j.claim_token, j.attempts`);
  return rows.map((r) => ({ visualizationId: r.visualization_id, claimToken: r.claim_token, attempts: Number(r.attempts) }));
}

/** Extends a held lease; false when the claim was lost (another worker took the job after expiry). */
export async function renewLease(options: { db: DbOrTx; job: ClaimedJob; leaseMs: number }): Promise<boolean> {
  const rows = await executeRows(options.db, sql`
    update generation_job set lease_until = now() + ${options.leaseMs} * interval '1 millisecond'
     where visualization_id = ${options.job.visualizationId} and claim_token = ${options.job.claimToken} and state = 'running'
    returning visualization_id`);
  return rows.length === 1;
}
