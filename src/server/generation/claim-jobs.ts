import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import type { EditMode } from "@/config/edit-modes";
import type { EditParams } from "@/schemas/edit-params";

/** A job as claimed, with what running it needs from its visualization, batch and source photo. */
export type ClaimedJob = {
  visualizationId: string;
  claimToken: string;
  attempts: number;
  batchId: string;
  userId: string;
  /** Null in the modes without a style. */
  styleId: string | null;
  roomType: string;
  mode: EditMode;
  params: EditParams;
  seed: number;
  /** Null once the photo's row is gone (deleted with its hour). */
  source: { storageKey: string; width: number; height: number; expiresAt: Date } | null;
  /** The batch's mask, for the masked modes (null when none, or gone with its hour). */
  maskKey: string | null;
  /** Whether the batch is one of a listing's (its seed, brief and reference come from the listing). */
  inListing: boolean;
  /** The engine the batch was made for, and whether it was free (an API test key's: a failure refunds nothing). */
  engine: string;
  free: boolean;
};

type Row = {
  visualization_id: string;
  claim_token: string;
  attempts: number;
  batch_id: string;
  user_id: string;
  style_id: string | null;
  room_type: string;
  mode: string;
  params: EditParams | string;
  seed: number;
  mask_key: string | null;
  storage_key: string | null;
  width: number | null;
  height: number | null;
  expires_at: Date | string | null;
  in_listing: boolean;
  engine: string;
  free: boolean;
};

/**
 * Fair between people: each person's due jobs take turns (their oldest first, then their second…), and among
 * people on the same turn the one with fewer jobs running goes first; so one account's hundreds of queued jobs
 * do not hold up another person's single Generate, which starts within the next claim or two.
 *
 * Takes up to `limit` jobs that are due (queued and past run_after) or abandoned (running with an
 * expired lease), in one short statement: SKIP LOCKED lets concurrent workers take different rows
 * instead of waiting on each other. Each claim gets a fresh token and counts one attempt. The same
 * statement reads each job's visualization, batch and photo, so a job starts without another round trip.
 */
export async function claimJobs(options: { db: DbOrTx; limit: number; leaseMs: number }): Promise<ClaimedJob[]> {
  if (options.limit <= 0) return [];
  const rows = await executeRows<Row>(options.db, sql`
    with due as (
      select j.visualization_id, j.run_after, v.user_id
        from generation_job j
        join visualization v on v.id = j.visualization_id
       where (j.state = 'queued' and j.run_after <= now()) or (j.state = 'running' and j.lease_until < now())
    ),
    busy as (
      select v.user_id, count(*) as running
        from generation_job j
        join visualization v on v.id = j.visualization_id
       where j.state = 'running' and j.lease_until >= now()
       group by v.user_id
    ),
    fair as (
      select d.visualization_id, d.run_after,
             row_number() over (partition by d.user_id order by d.run_after, d.visualization_id) as turn,
             coalesce(b.running, 0) as running
        from due d
        left join busy b on b.user_id = d.user_id
    ),
    claimed as (
      update generation_job j
         set state = 'running',
             attempts = j.attempts + 1,
             lease_until = now() + ${options.leaseMs} * interval '1 millisecond',
             claim_token = gen_random_uuid()::text
        from (select f.visualization_id from fair f
                join generation_job g on g.visualization_id = f.visualization_id
               order by f.turn, f.running, f.run_after
               limit ${options.limit}
               for update of g skip locked) due
       where j.visualization_id = due.visualization_id
      returning j.visualization_id, j.claim_token, j.attempts
    )
    select c.visualization_id, c.claim_token, c.attempts, v.batch_id, v.user_id, v.style_id, v.seed, b.room_type, b.mode, b.params,
           i.storage_key, i.width, i.height, i.expires_at, m.storage_key as mask_key, b.engine, b.free,
           exists (select 1 from listing_batch l where l.batch_id = v.batch_id) as in_listing
      from claimed c
      join visualization v on v.id = c.visualization_id
      join batch b on b.id = v.batch_id
      left join image i on i.id = b.source_image_id
      left join image m on m.id = b.mask_image_id`);
  return rows.map((r) => ({
    visualizationId: r.visualization_id,
    claimToken: r.claim_token,
    attempts: Number(r.attempts),
    batchId: r.batch_id,
    userId: r.user_id,
    styleId: r.style_id,
    roomType: r.room_type,
    mode: r.mode as EditMode,
    // node-postgres parses jsonb; PGlite's raw rows may hand it over as text.
    params: typeof r.params === "string" ? (JSON.parse(r.params) as EditParams) : r.params,
    seed: Number(r.seed),
    maskKey: r.mask_key,
    inListing: Boolean(r.in_listing),
    engine: r.engine,
    free: Boolean(r.free),
    source: r.storage_key === null ? null : { storageKey: r.storage_key, width: Number(r.width), height: Number(r.height), expiresAt: new Date(r.expires_at!) },
  }));
}

/** Extends a held lease; false when the claim was lost (another worker took the job after expiry). */
export async function renewLease(options: { db: DbOrTx; job: ClaimedJob; leaseMs: number }): Promise<boolean> {
  const rows = await executeRows(options.db, sql`
    update generation_job set lease_until = now() + ${options.leaseMs} * interval '1 millisecond'
     where visualization_id = ${options.job.visualizationId} and claim_token = ${options.job.claimToken} and state in ('running', 'done')
    returning visualization_id`);
  return rows.length === 1;
}
