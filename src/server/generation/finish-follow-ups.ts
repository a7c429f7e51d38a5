import "server-only";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isMaskedMode, type EditMode } from "@/config/edit-modes";
import { isAiResult } from "@/config/engines";
import type { Db, DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { claimFairly } from "@/server/jobs/claim-fairly";
import { batch, image, visualization } from "@/server/db/schema";
import { log } from "@/server/log";
import type { ImageStorage } from "@/server/storage/storage";
import { checkStoredResult, toFullSizeJpeg } from "./make-visualization";
import { fullSizeKey, isAnswerKey } from "@/server/images/result-keys";
import { storeFullSize } from "./store-full-size";
import { writeStructureScore } from "./write-structure-score";

/**
 * What follows a result after it is shown (its JPEG at the photo's size when the engine's answer was stored as
 * it came, then its structure check) is held by the job's lease like the job itself: a succeeded job keeps its
 * claim and lease until its worker has done both (releaseFollowUps). When that worker's process stops first,
 * the lease runs out and any worker takes the follow-ups over (claimFollowUps, finishFollowUp), so no result
 * is left unchecked or at the engine's size.
 */
export type FollowUp = { visualizationId: string; claimToken: string };

/** The follow-ups of a succeeded job are done: its claim and lease end. */
export async function releaseFollowUps(options: { db: DbOrTx; job: FollowUp }): Promise<void> {
  await executeRows(options.db, sql`
    update generation_job set lease_until = null, claim_token = null
     where visualization_id = ${options.job.visualizationId} and claim_token = ${options.job.claimToken} and state = 'done'`);
}

/** Up to `limit` succeeded jobs whose follow-ups were left when their lease ran out, claimed with a fresh token and lease, people taking turns. */
export async function claimFollowUps(options: { db: DbOrTx; limit: number; leaseMs: number }): Promise<FollowUp[]> {
  const rows = await claimFairly<{ visualization_id: string; claim_token: string }>({
    db: options.db,
    limit: options.limit,
    queue: {
      name: "follow-up",
      table: "generation_job",
      key: "visualization_id",
      due: sql`
        select j.visualization_id as key, v.user_id as owner, j.lease_until as queued_at, null::text as lane, null::int as lane_limit
          from generation_job j
          join visualization v on v.id = j.visualization_id
         where j.state = 'done' and j.lease_until < now()`,
      running: sql`
        select v.user_id as owner, null::text as lane
          from generation_job j
          join visualization v on v.id = j.visualization_id
         where j.state = 'done' and j.lease_until >= now()`,
      set: sql`claim_token = gen_random_uuid()::text, lease_until = now() + ${options.leaseMs} * interval '1 millisecond'`,
    },
    select: sql`select visualization_id, claim_token from claimed`,
  });
  return rows.map((row) => ({ visualizationId: row.visualization_id, claimToken: row.claim_token }));
}

/**
 * Does what a taken-over follow-up still lacks, from the stored files: the JPEG at the photo's size in place of
 * an answer, then the structure score (with its `scored` event). A result, photo or mask gone (deleted or
 * expired meanwhile) leaves nothing to do. The claim ends either way; a failure is logged, the result stays whole.
 */
export async function finishFollowUp(options: { db: Db; storage: ImageStorage; followUp: FollowUp }): Promise<void> {
  const { db, storage, followUp } = options;
  const context = { visualizationId: followUp.visualizationId };
  try {
    const result = alias(image, "result");
    const source = alias(image, "source");
    const mask = alias(image, "mask");
    const [row] = await db
      .select({
        status: visualization.status,
        structureScore: visualization.structureScore,
        mode: batch.mode,
        engine: batch.engine,
        result: { id: result.id, storageKey: result.storageKey },
        source: { storageKey: source.storageKey, width: source.width, height: source.height },
        maskKey: mask.storageKey,
      })
      .from(visualization)
      .innerJoin(batch, eq(batch.id, visualization.batchId))
      .innerJoin(result, eq(result.id, visualization.resultImageId))
      .innerJoin(source, eq(source.id, batch.sourceImageId))
      .leftJoin(mask, eq(mask.id, batch.maskImageId))
      .where(eq(visualization.id, followUp.visualizationId));
    if (!row || row.status !== "succeeded") return;
    const mode = row.mode as EditMode;
    const size = { width: row.source.width, height: row.source.height };
    const sourceBytes = await storage.get(row.source.storageKey);
    if (!sourceBytes) return;
    let resultKey = row.result.storageKey;
    if (isAnswerKey(resultKey)) {
      const answer = await storage.get(resultKey);
      if (!answer) return;
      const ai = isAiResult(row.engine, mode);
      const moved = await storeFullSize({ db, storage, imageId: row.result.id, answerKey: resultKey, make: () => toFullSizeJpeg(answer, size), ai, ...size });
      log.info("generation.full_size_taken_over", { ...context, moved });
      if (!moved) return;
      resultKey = fullSizeKey(row.result.id);
    }
    if (row.structureScore !== null) return;
    const masked = isMaskedMode(mode);
    const [resultBytes, maskBytes] = await Promise.all([storage.get(resultKey), masked && row.maskKey ? storage.get(row.maskKey) : null]);
    if (!resultBytes || (masked && !maskBytes)) return;
    const { score: structureScore, findings } = await checkStoredResult({ source: sourceBytes, result: resultBytes, mask: maskBytes, size, masked });
    await writeStructureScore({ db, visualizationId: followUp.visualizationId, structureScore, findings });
    log.info("generation.scored_taken_over", { ...context, structureScore });
  } catch (error) {
    log.warn("generation.follow_up_failed", { ...context, error });
  } finally {
    await releaseFollowUps({ db, job: followUp }).catch((error: unknown) => log.warn("generation.follow_up_release_failed", { ...context, error }));
  }
}
