import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { claimFairly, type FairQueue } from "@/server/jobs/claim-fairly";
import type { EditMode } from "@/config/edit-modes";
import type { EditParams } from "@/schemas/edit-params";

/** A job as claimed, with what running it needs from its visualization, batch and source photo. */
export type ClaimedJob = {
  visualizationId: string;
  claimToken: string;
  attempts: number;
  batchId: string;
  userId: string;
  /** The team the batch was made in (its results are the team's); null for the person's own. */
  teamId: string | null;
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
  /** Added to the prompt: a listing's style brief, written with the batch (null for a batch of its own). */
  brief: string | null;
  /**
   * The visualizations that follow one reference (a listing's photos in one mode and style): the first result of
   * the group is the others' reference image, and they wait for it (null for a batch of its own).
   */
  referenceGroup: string | null;
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
  team_id: string | null;
  style_id: string | null;
  room_type: string;
  mode: string;
  params: EditParams | string;
  seed: number;
  brief: string | null;
  reference_group: string | null;
  engine: string;
  free: boolean;
  mask_key: string | null;
  storage_key: string | null;
  width: number | null;
  height: number | null;
  expires_at: Date | string | null;
};

/**
 * The generation queue: a visualization's job is due when queued and past run_after, or running with an expired
 * lease. Work ordered through the API runs in its key's lane, at most the key's concurrency at once (resolved
 * when ordered, api_batch.concurrency); the website's work has no lane.
 */
export const generationQueue: Omit<FairQueue, "set"> = {
  name: "generation",
  table: "generation_job",
  key: "visualization_id",
  due: sql`
    select j.visualization_id as key, v.user_id as owner, j.run_after as queued_at, a.key_id as lane, a.concurrency as lane_limit
      from generation_job j
      join visualization v on v.id = j.visualization_id
      left join api_batch a on a.batch_id = v.batch_id
     where (j.state = 'queued' and j.run_after <= now()) or (j.state = 'running' and j.lease_until < now())`,
  running: sql`
    select v.user_id as owner, a.key_id as lane
      from generation_job j
      join visualization v on v.id = j.visualization_id
      left join api_batch a on a.batch_id = v.batch_id
     where j.state = 'running' and j.lease_until >= now()`,
};

/**
 * Takes up to `limit` due jobs, people taking turns (claimFairly). Each claim gets a fresh token and counts one
 * attempt. The same statement reads each job's visualization, batch and photo, so a job starts without another
 * round trip.
 */
export async function claimJobs(options: { db: DbOrTx; limit: number; leaseMs: number }): Promise<ClaimedJob[]> {
  const rows = await claimFairly<Row>({
    db: options.db,
    limit: options.limit,
    queue: {
      ...generationQueue,
      set: sql`state = 'running', attempts = j.attempts + 1, lease_until = now() + ${options.leaseMs} * interval '1 millisecond', claim_token = gen_random_uuid()::text`,
    },
    select: sql`
    select c.visualization_id, c.claim_token, c.attempts, v.batch_id, v.user_id, v.style_id, v.seed, v.brief, v.reference_group,
           b.team_id, b.room_type, b.mode, b.params, i.storage_key, i.width, i.height, i.expires_at, m.storage_key as mask_key, b.engine, b.free
      from claimed c
      join visualization v on v.id = c.visualization_id
      join batch b on b.id = v.batch_id
      left join image i on i.id = b.source_image_id
      left join image m on m.id = b.mask_image_id`,
  });
  return rows.map((r) => ({
    visualizationId: r.visualization_id,
    claimToken: r.claim_token,
    attempts: Number(r.attempts),
    batchId: r.batch_id,
    userId: r.user_id,
    teamId: r.team_id,
    styleId: r.style_id,
    roomType: r.room_type,
    mode: r.mode as EditMode,
    // node-postgres parses jsonb; PGlite's raw rows may hand it over as text.
    params: typeof r.params === "string" ? (JSON.parse(r.params) as EditParams) : r.params,
    seed: Number(r.seed),
    brief: r.brief,
    referenceGroup: r.reference_group,
    engine: r.engine,
    free: Boolean(r.free),
    maskKey: r.mask_key,
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
