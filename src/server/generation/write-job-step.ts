import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import type { BatchEventInput } from "./append-batch-events";
import type { ClaimedJob } from "./claim-jobs";
import { toImageDto, type ImageRow } from "@/server/images/image-dto";
import { isFlagged } from "./dto";

/** What a running job writes as it goes: its start, its progress, its result. */
export type JobStep = { type: "start" } | { type: "progress"; value: number } | { type: "succeeded"; result: ImageRow; structureScore: number | null };

/**
 * Writes one step of a claimed job as a single statement, so its own short transaction and one round trip:
 * only while this worker still holds the claim (token and state, the fence of decision record 0005), it
 * changes the job and the visualization, numbers and stores the batch's event under the batch's row lock (as
 * appendBatchEvents does) and notifies the batch's readers in other processes at commit. As a transaction of
 * separate statements a step took seven round trips and held the batch's row lock across two of them, so the
 * styles of a batch, which start, progress and finish together, queued behind each other.
 * `held` is false when the claim was lost; `appended` when an event was written (a start only writes one for a
 * visualization still queued: a job taken over after a crash is running already).
 */
export async function writeJobStep(db: Db, job: ClaimedJob, step: JobStep): Promise<{ held: boolean; appended: boolean }> {
  const { visualizationId } = job;
  const [row] = await executeRows<{ held: boolean; appended: number | string }>(db, sql`
    with held as (
      update generation_job
         set ${step.type === "succeeded" ? sql`state = 'done'` : sql`lease_until = greatest(lease_until, now())`}
       where visualization_id = ${visualizationId} and claim_token = ${job.claimToken} and state = 'running'
      returning visualization_id
    ), ${changes(step)}
    numbered as (
      update batch set last_seq = last_seq + 1
       where id = (select batch_id from changed)
      returning id, last_seq
    ), appended as (
      insert into batch_event (batch_id, seq, payload)
      select id, last_seq, ${JSON.stringify(event(step, visualizationId))}::jsonb || jsonb_build_object('seq', last_seq) from numbered
      returning batch_id
    )
    select exists (select 1 from held) as held, count(*) as appended
      from appended, ${notifyOnCommit("batch", sql`appended.batch_id`)}`);
  const appended = Number(row?.appended ?? 0) > 0;
  if (appended) signalHere("batch", job.batchId);
  return { held: Boolean(row?.held), appended };
}

/** The step's change to the visualization (a CTE "changed" returning its batch), after storing the result's row for a success. */
function changes(step: JobStep): SQL {
  const mine = sql`id = (select visualization_id from held)`;
  switch (step.type) {
    case "start":
      return sql`changed as (update visualization set status = 'running', progress = null where ${mine} and status = 'queued' returning batch_id),`;
    case "progress":
      return sql`changed as (update visualization set progress = ${step.value}::real where ${mine} returning batch_id),`;
    case "succeeded": {
      const r = step.result;
      return sql`stored as (
          insert into image (id, user_id, team_id, kind, storage_key, content_type, width, height, bytes, display_key, display_width, created_at, expires_at)
          select ${r.id}::text, ${r.userId}::text, ${r.teamId}::text, ${r.kind}::text, ${r.storageKey}::text, ${r.contentType}::text, ${r.width}::int, ${r.height}::int, ${r.bytes}::int,
                 ${r.displayKey}::text, ${r.displayWidth}::int, ${r.createdAt.toISOString()}::timestamptz, ${r.expiresAt.toISOString()}::timestamptz
            from held
          returning id
        ), changed as (
          update visualization set status = 'succeeded', progress = 1, result_image_id = (select id from stored), finished_at = now(),
                 structure_score = ${step.structureScore}::real
           where ${mine}
          returning batch_id
        ),`;
    }
  }
}

function event(step: JobStep, visualizationId: string): BatchEventInput {
  switch (step.type) {
    case "start":
      return { type: "running", visualizationId, progress: null };
    case "progress":
      return { type: "running", visualizationId, progress: Math.round(step.value * 100) / 100 };
    case "succeeded":
      return { type: "succeeded", visualizationId, result: toImageDto(step.result), structureScore: step.structureScore, flagged: isFlagged(step.structureScore) };
  }
}
