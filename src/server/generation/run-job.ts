import "server-only";
import { env } from "@/env";
import { and, eq, gt, sql } from "drizzle-orm";
import { isAiResult } from "@/config/engines";
import { createProof } from "@/server/provenance/create-proof";
import { markResult } from "@/server/provenance/mark-result";
import { ENGINE_TIMEOUT_MS, JOB_LEASE_MS, LISTING_REFERENCE_WAIT_MS, PROGRESS_INTERVAL_MS, RETRY_POLICY } from "@/config/generation";
import { isMaskedMode, modeOf } from "@/config/edit-modes";
import type { Db } from "@/server/db/client";
import { batch, generationJob, image, visualization } from "@/server/db/schema";
import { log } from "@/server/log";
import { EngineError, type Engine, type EngineErrorKind } from "@/server/engines/engine";
import { publish } from "@/server/realtime/signals";
import type { ImageStorage } from "@/server/storage/storage";
import { refundToken } from "@/server/tokens/refund-token";
import type { FailureReason } from "@/schemas/generation";
import { appendBatchEvents } from "./append-batch-events";
import { backoffDelay, type RetryPolicy } from "@/server/jobs/backoff-delay";
import { createCheckQueue, type CheckQueue } from "./create-check-queue";
import { renewLease, type ClaimedJob } from "./claim-jobs";
import { newId } from "@/server/db/new-id";
import type { ImageRow } from "@/server/images/image-dto";
import { makeVisualization, type MadeVisualization } from "./make-visualization";
import { referenceFor } from "./reference-for";
import { releaseFollowUps } from "./finish-follow-ups";
import { answerKey, fullSizeKey } from "@/server/images/result-keys";
import { storeFullSize } from "./store-full-size";
import { writeJobStep } from "./write-job-step";
import { writeStructureScore } from "./write-structure-score";
import { ownedBy } from "@/server/images/owned-by";

export type JobOutcome = "succeeded" | "failed" | "retry" | "released" | "lost";

export type RunJobOptions = {
  db: Db;
  storage: ImageStorage;
  engine: Engine;
  job: ClaimedJob;
  /** Aborted when the worker stops: the job is handed back to the queue, not failed. */
  stopSignal: AbortSignal;
  /** How the source photo is read (the worker's cache, readSourceCached); straight from storage by default. */
  readSource?: (storageKey: string) => Promise<Buffer | null>;
  /** The worker's queue of structure checks (createCheckQueue); each job checks at once without one. */
  checks?: CheckQueue;
  leaseMs?: number;
  timeoutMs?: number;
  retry?: RetryPolicy;
  random?: () => number;
};

/** Thrown inside a transaction whose job claim turned out to be lost, to roll it back. */
class LostClaim extends Error {}

/**
 * Runs one claimed job to its next state. The engine works outside any transaction (PGlite has a single
 * connection; a transaction held open would stall every request); every write is a short transaction
 * guarded by the claim token, so a worker that lost its lease cannot overwrite the one that took over.
 */
export async function runJob(options: RunJobOptions): Promise<JobOutcome> {
  const { db, job, engine } = options;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const retry = options.retry ?? RETRY_POLICY;

  const { source, styleId } = job;
  const context = { visualizationId: job.visualizationId, batchId: job.batchId, style: styleId, attempt: job.attempts };

  // Only crashed workers (leases that ran out) get a job this far: transient failures stop at maxAttempts below.
  if (job.attempts > retry.maxAttempts) return fail(options, "internal", `abandoned ${job.attempts - 1} times`);

  // The photo is read while the start is written: round trips at once instead of one after the other.
  const readSource = options.readSource ?? ((key: string) => options.storage.get(key));
  const entered = Date.now();
  const sourceRead = source && source.expiresAt > new Date() ? readSource(source.storageKey) : Promise.resolve(null);
  const maskRead = job.maskKey ? options.storage.get(job.maskKey) : Promise.resolve(null);
  const startWrite = writeJobStep(db, job, { type: "start" });
  // A listing's photos share a style brief and follow the first finished result of their group: read
  // while the start is written too (reads only, so nothing to undo when the claim turns out to be lost).
  const listingRead = referenceContext(options);
  // Not awaited when the claim turns out to be lost: their failure must not go unhandled then.
  sourceRead.catch(() => undefined);
  maskRead.catch(() => undefined);
  listingRead.catch(() => undefined);
  const started = await startWrite;
  if (!started.held) return "lost";
  const [sourceBytes, maskBytes, listing] = await Promise.all([sourceRead, maskRead, listingRead]);
  if (!source || !sourceBytes) return fail(options, "expired", "source image gone");
  if (isMaskedMode(job.mode) && !maskBytes) return fail(options, "expired", "mask gone");
  // A later photo of a listing waits for the first result of its style, to follow it (the wait does not count as an attempt).
  if (listing === "wait") return release(db, job, LISTING_REFERENCE_WAIT_MS);

  // Claimed while the worker was being stopped: hand it back rather than start a call nobody will wait for.
  if (options.stopSignal.aborted) return release(db, job);

  const controller = new AbortController();
  let leaseLost = false;
  let timedOut = false;
  const stop = () => controller.abort(options.stopSignal.reason);
  options.stopSignal.addEventListener("abort", stop, { once: true });
  const timeout = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error("engine timeout"));
  }, options.timeoutMs ?? ENGINE_TIMEOUT_MS);
  const renewal = setInterval(() => {
    if (controller.signal.aborted) return;
    void renewLease({ db, job, leaseMs }).then(
      (held) => {
        if (!held && !controller.signal.aborted) {
          leaseLost = true;
          controller.abort(new Error("lease lost"));
        }
      },
      (error: unknown) => log.warn("generation.lease_renew_failed", { ...context, error }),
    );
  }, Math.max(50, Math.floor(leaseMs / 3)));
  const progress = progressWriter(db, job);
  const checks = options.checks ?? createCheckQueue({ settleMs: 0, maxDeferMs: 0 });
  let endStore: (() => void) | undefined;
  // An engine that answers after the job gave up (abort, lease lost) stores nothing: it must not hold the checks back.
  let settled = false;

  const began = Date.now();
  // Each engine call's start; its end is generation.succeeded or generation.attempt_failed: the queue's wait, and what each worker ran when.
  log.info("generation.started", { ...context, engine: engine.id, startMs: began - entered });
  try {
    // An engine that ignores its signal must not hold the job (and a worker slot) forever: the abort wins the race.
    const output = await raceAbort(
      controller.signal,
      makeVisualization({
        engine,
        job,
        source: { bytes: sourceBytes, width: source.width, height: source.height },
        mask: maskBytes,
        listing,
        onProgress: progress.report,
        onAnswered: () => {
          if (!settled) endStore = checks.beginStore();
        },
        signal: controller.signal,
      }),
    );
    if (controller.signal.aborted) throw controller.signal.reason;
    const engineMs = output.engineMs;
    await progress.settled();
    const ai = isAiResult(engine.id, job.mode);
    const result = await storeResult(options, output, ai, sourceBytes);
    const storedAt = Date.now();
    let done = false;
    try {
      done = (await writeJobStep(db, job, { type: "succeeded", result, structureScore: null })).held;
    } finally {
      // Not recorded (claim lost, or the write failed): the stored objects would belong to nobody.
      if (!done) await Promise.all([result.storageKey, result.displayKey].map((key) => key && options.storage.delete(key).catch(() => undefined)));
    }
    endStore?.();
    if (!done) return "lost";
    // Where the job's time went beyond the engine: storing the result, then recording it (what to watch at scale).
    const now = Date.now();
    log.info("generation.succeeded", { ...context, mode: job.mode, engine: engine.id, ms: now - began, engineMs, storeMs: storedAt - began - engineMs, recordMs: now - storedAt, costUsd: output.costUsd });
    // After the result is shown, as the structure check: its JPEG at the photo's size, when the answer was stored as it came.
    // The job keeps its lease until both are done: if this process stops first, another worker takes them over (finishFollowUp).
    clearTimeout(timeout);
    if (output.fullSize) await checks.check(() => finishFullSize(options, result, output, ai, context));
    await checks.check(() => scoreResult(db, job, output, context));
    await releaseFollowUps({ db, job }).catch((error: unknown) => log.warn("generation.follow_up_release_failed", { ...context, error }));
    return "succeeded";
  } catch (error) {
    await progress.settled();
    if (leaseLost) return "lost";
    if (options.stopSignal.aborted) return release(db, job);
    const failure = classify(error, timedOut);
    log.warn("generation.attempt_failed", { ...context, engine: engine.id, kind: failure.kind, message: failure.message });
    if (failure.kind === "transient" && job.attempts < retry.maxAttempts) {
      const delay = backoffDelay({ attempts: job.attempts, policy: retry, retryAfterMs: failure.retryAfterMs, random: options.random });
      const requeued = await db
        .update(generationJob)
        .set({ state: "queued", runAfter: sql`now() + ${delay} * interval '1 millisecond'`, leaseUntil: null, claimToken: null, lastError: failure.message.slice(0, 500) })
        .where(and(eq(generationJob.visualizationId, job.visualizationId), eq(generationJob.claimToken, job.claimToken)))
        .returning({ id: generationJob.visualizationId });
      return requeued.length ? "retry" : "lost";
    }
    return fail(options, failure.reason, failure.message);
  } finally {
    settled = true;
    endStore?.();
    clearTimeout(timeout);
    clearInterval(renewal);
    options.stopSignal.removeEventListener("abort", stop);
  }
}

/**
 * The structure check of a stored, shown result, then its score and a `scored` event. A check that fails leaves
 * the result without a score (no warning is shown), which is logged: the result itself is fine.
 */
async function scoreResult(db: Db, job: ClaimedJob, output: MadeVisualization, context: Record<string, unknown>): Promise<void> {
  const began = Date.now();
  try {
    const { score: structureScore, findings } = await output.structureCheck();
    await writeStructureScore({ db, visualizationId: job.visualizationId, structureScore, findings });
    log.info("generation.scored", { ...context, structureScore, scoreMs: Date.now() - began });
  } catch (error) {
    log.warn("generation.score_failed", { ...context, error });
  }
}

function raceAbort<T>(signal: AbortSignal, work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

type Failure = { kind: "transient" | "final"; reason: FailureReason; message: string; retryAfterMs?: number };

/** What the person is told when the engine gives up for good. */
const finalReasons: Record<Exclude<EngineErrorKind, "transient">, FailureReason> = { refused: "refused", moderated: "moderation", failed: "provider" };

function classify(error: unknown, timedOut: boolean): Failure {
  const message = error instanceof Error ? error.message : String(error);
  if (timedOut) return { kind: "transient", reason: "timeout", message: "engine timeout" };
  if (error instanceof EngineError) {
    if (error.kind === "transient") return { kind: "transient", reason: "provider", message, retryAfterMs: error.retryAfterMs };
    return { kind: "final", reason: finalReasons[error.kind], message };
  }
  // Not the engine's verdict (a lost connection, a bug of ours): retried, and reported as our fault if it persists.
  return { kind: "transient", reason: "internal", message };
}

/**
 * Final failure: the visualization fails with a reason and its token comes back, once (key per visualization).
 * A transaction of several statements (the ledger's own), finishing the job only while this worker holds it.
 */
async function fail(options: RunJobOptions, reason: FailureReason, message: string): Promise<JobOutcome> {
  const { db, job } = options;
  try {
    await db.transaction(async (tx) => {
      const held = await tx
        .update(generationJob)
        .set({ state: "done", leaseUntil: null, claimToken: null })
        .where(and(eq(generationJob.visualizationId, job.visualizationId), eq(generationJob.claimToken, job.claimToken), eq(generationJob.state, "running")))
        .returning({ id: generationJob.visualizationId });
      if (held.length === 0) throw new LostClaim();
      await tx
        .update(visualization)
        .set({ status: "failed", failureReason: reason, refunded: !job.free, finishedAt: sql`now()` })
        .where(eq(visualization.id, job.visualizationId));
      // A batch a team's pool paid for gives its token back to the pool.
      const [paidBy] = await tx.select({ teamId: batch.teamId }).from(batch).where(eq(batch.id, job.batchId));
      // A free batch (an API test key's) spent nothing, so nothing comes back.
      if (!job.free) await refundToken({ db: tx, userId: job.userId, teamId: paidBy?.teamId, idempotencyKey: `refund:${job.visualizationId}`, reference: `visualization:${job.visualizationId}` });
      await appendBatchEvents(tx, job.batchId, [{ type: "failed", visualizationId: job.visualizationId, reason, refunded: !job.free }]);
    });
  } catch (error) {
    if (error instanceof LostClaim) return "lost";
    throw error;
  }
  log.warn("generation.failed", { visualizationId: job.visualizationId, batchId: job.batchId, reason, message });
  await publish(db, "batch", job.batchId);
  return "failed";
}

/**
 * Hands a job back to the queue without counting the attempt: a stopping worker's at once, so a restart resumes it
 * without waiting for the lease; a listing's job that waits for its style's first result after `delayMs`.
 */
async function release(db: Db, job: ClaimedJob, delayMs = 0): Promise<JobOutcome> {
  await db
    .update(generationJob)
    .set({ state: "queued", attempts: sql`greatest(${generationJob.attempts} - 1, 0)`, runAfter: sql`now() + ${delayMs} * interval '1 millisecond'`, leaseUntil: null, claimToken: null })
    .where(and(eq(generationJob.visualizationId, job.visualizationId), eq(generationJob.claimToken, job.claimToken)));
  return "released";
}

/**
 * The brief and reference image the job was written with (a listing's photos share them); undefined for a job
 * without either; "wait" until the first result of its reference group exists.
 */
async function referenceContext({ db, job, storage }: RunJobOptions): Promise<{ seed: number; brief: string; references: Buffer[] } | "wait" | undefined> {
  // The person's reference photo (a mode that follows one) goes first: its look is what every photo takes.
  const photo = await referencePhotoOf({ db, job, storage });
  // Most batches have none of these: no reads at all for them (they would queue for the pool beside the start).
  if (!job.referenceGroup) return job.brief || photo ? { seed: job.seed, brief: job.brief ?? "", references: photo ? [photo] : [] } : undefined;
  const reference = await referenceFor({ db, visualizationId: job.visualizationId, group: job.referenceGroup });
  if (reference === "wait") return "wait";
  const bytes = reference === "lead" ? null : await storage.get(reference.storageKey).catch(() => null);
  return { seed: job.seed, brief: job.brief ?? "", references: [photo, bytes].filter((b): b is Buffer => b !== null) };
}

/** The bytes of the reference photo (the person's, or the team's) named in the batch's parameters, while it is kept; null without one. */
async function referencePhotoOf({ db, job, storage }: Pick<RunJobOptions, "db" | "job" | "storage">): Promise<Buffer | null> {
  const field = modeOf(job.mode).referencePhoto;
  const imageId = field ? (job.params as Record<string, unknown>)[field] : undefined;
  if (typeof imageId !== "string") return null;
  const [row] = await db
    .select({ storageKey: image.storageKey })
    .from(image)
    .where(and(eq(image.id, imageId), ownedBy(image, { userId: job.userId, teamId: job.teamId }), eq(image.kind, "upload"), gt(image.expiresAt, sql`now()`)));
  return row ? storage.get(row.storageKey).catch(() => null) : null;
}

/**
 * Stores the result's objects (its image, JPEG at the photo's size or the engine's answer as it came, and its
 * display-size copy); its row is written with the success (writeJobStep). A display copy stored without the
 * image is removed again.
 */
async function storeResult(options: RunJobOptions, made: MadeVisualization, ai: boolean, original: Buffer): Promise<ImageRow> {
  const { job } = options;
  const userId = job.userId;
  const id = newId();
  // Marked for what made it (EU AI Act Art. 50): stored, and so shown and downloaded, with its watermark, IPTC
  // digital source type and signed C2PA manifest, under a proof record of its own (src/server/provenance).
  const proof = await createProof({ db: options.db, userId, visualizationId: job.visualizationId, batchId: job.batchId, resultImageId: id, original, ai, mode: job.mode, styleId: job.styleId, engine: options.engine.id });
  // What is shown at once is signed without waiting for a time-stamp authority; the file that stays is stamped:
  // the JPEG stored now, or the one that replaces an answer kept as it came (finishFullSize).
  const [full, display] = await Promise.all([
    markResult({ image: made.image.data, proof, watermark: !made.fullSize, timeStamp: !made.fullSize }),
    markResult({ image: made.display.image, proof, watermark: true, timeStamp: false }),
  ]);
  // An answer kept until its JPEG replaces it (storeFullSize) has a key of its own, apart from that JPEG's.
  const storageKey = made.fullSize ? answerKey(id, extensions[made.image.contentType]) : fullSizeKey(id);
  const displayKey = `results/${id}.display.jpg`;
  const stored = await Promise.allSettled([options.storage.put(storageKey, full, made.image.contentType), options.storage.put(displayKey, display, "image/jpeg")]);
  const failed = stored.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all([storageKey, displayKey].map((key) => options.storage.delete(key).catch(() => undefined)));
    throw failed.reason;
  }
  const now = new Date();
  return {
    id,
    userId,
    teamId: job.teamId,
    kind: "result",
    storageKey,
    contentType: made.image.contentType,
    width: made.image.width,
    height: made.image.height,
    bytes: full.length,
    displayKey,
    displayWidth: made.display.width,
    createdAt: now,
    expiresAt: new Date(now.getTime() + env().IMAGE_TTL_SECONDS * 1000),
  };
}

const extensions: Record<MadeVisualization["image"]["contentType"], string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** The result's JPEG at the photo's size in place of the engine's answer; a failure leaves the answer, a whole result. */
async function finishFullSize(options: RunJobOptions, result: ImageRow, made: MadeVisualization, ai: boolean, context: Record<string, unknown>): Promise<void> {
  const began = Date.now();
  try {
    const { fullSize } = made;
    if (!fullSize) return;
    const stored = await storeFullSize({ db: options.db, storage: options.storage, imageId: result.id, answerKey: result.storageKey, make: fullSize, ai, width: made.width, height: made.height });
    log.info("generation.full_size_stored", { ...context, stored, fullSizeMs: Date.now() - began });
  } catch (error) {
    log.warn("generation.full_size_failed", { ...context, error });
  }
}

/** Progress from the engine, written at most every PROGRESS_INTERVAL_MS, one write at a time, in order. */
function progressWriter(db: Db, job: ClaimedJob) {
  let chain: Promise<void> = Promise.resolve();
  let lastWritten = -1;
  let lastAt = 0;
  return {
    report(fraction: number) {
      const value = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
      const now = Date.now();
      if (now - lastAt < PROGRESS_INTERVAL_MS || Math.abs(value - lastWritten) < 0.02) return;
      lastAt = now;
      lastWritten = value;
      chain = chain
        .then(() => writeJobStep(db, job, { type: "progress", value }))
        .then(
          () => undefined,
          (error: unknown) => log.warn("generation.progress_failed", { visualizationId: job.visualizationId, error }),
        );
    },
    settled: () => chain,
  };
}
