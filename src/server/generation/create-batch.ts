import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { env } from "@/env";
import { findStyle } from "@/config/styles";
import { getDb, type Db } from "@/server/db/client";
import { batch, image } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { invalidInput } from "@/server/invalid-input";
import { isAiEngine } from "@/config/engines";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { isStyledMode } from "@/config/edit-modes";
import { engineModes, sameEveryTimeModes } from "@/config/engines";
import { createBatchSchema, visualizationCount, type BatchDto, type CreateBatchInput, type CreateBatchRequest } from "@/schemas/generation";
import { getBatch } from "./get-batch";
import { enoughTimeLeft } from "./enough-time-left";
import { importLibraryPhoto } from "@/server/images/import-library-photo";
import { insertBatchJobs } from "./insert-batch-jobs";
import { newId } from "@/server/db/new-id";
import type { ImageRow } from "@/server/images/image-dto";
import { toBatchDto, toVisualizationDto } from "./dto";

/**
 * One Generate click: in one transaction, spend one token per visualization (styles × variations, or the
 * edit × variations; the ledger refuses a short balance with INSUFFICIENT_TOKENS and changes nothing), create
 * the batch with its mode and parameters, a visualization with its own seed and a queued job for each, and
 * their "queued" events. A retry of the same requestId spends nothing and returns the batch the first attempt
 * made. The balance is checked before a library photo is imported, so a refusal costs the server nothing.
 */
export async function createBatch(options: {
  userId: string;
  /** Where the person works now: a team's pool pays (within their cap), and its refunds go back there. */
  teamId?: string | null;
  request: CreateBatchInput;
  /** The engine the batch's jobs will run on (GENERATION_PROVIDER). */
  engineId: string;
  db?: Db;
  storage?: ImageStorage;
}): Promise<{ batch: BatchDto; balance: number }> {
  const { userId } = options;
  const teamId = options.teamId ?? null;
  const request = parseRequest(options.request);
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  for (const styleId of request.styles) {
    if (!findStyle(styleId)) throw new AppError("INVALID_INPUT", { field: "styles", reason: "unknownStyle" });
  }
  if (!engineModes(options.engineId).includes(request.mode)) throw new AppError("INVALID_INPUT", { field: "mode" });
  // More variations of an edit the seed does not change would be the same image for more tokens.
  if (request.variations > 1 && sameEveryTimeModes(options.engineId).includes(request.mode)) throw new AppError("INVALID_INPUT", { field: "variations", reason: "sameEveryTime" });
  // The same click again (a retry after a lost answer): nothing to import or spend.
  const [repeated] = await db.select({ id: batch.id }).from(batch).where(and(eq(batch.userId, userId), eq(batch.requestId, request.requestId)));
  if (repeated) return { batch: await getBatch({ db, userId, batchId: repeated.id }), balance: await getBalance({ db, userId, teamId }) };
  const cost = visualizationCount(request);
  // Refuse first, then do the work: importing a library photo decodes and stores an image.
  const balanceBefore = await getBalance({ db, userId, teamId });
  if (balanceBefore < cost) throw new AppError("INSUFFICIENT_TOKENS", { balance: balanceBefore, attempted: cost });
  // A mask belongs to a stored photo (a library photo becomes one when its mask is sent): a fresh import has none.
  if (request.maskImageId && request.source.type === "library") throw new AppError("INVALID_INPUT", { field: "maskImageId", reason: "maskMismatch" });
  const source = await resolveSource({ db, storage, userId, request });
  const mask = request.maskImageId ? await resolveMask({ db, userId, maskImageId: request.maskImageId, source }) : null;

  const batchId = newId();
  const outcome = await db.transaction(async (tx) => {
    const spent = await spendTokens({ db: tx, userId, teamId, amount: cost, idempotencyKey: `spend:${userId}:${request.requestId}`, reference: `batch:${batchId}` });
    if (!spent.applied) {
      // The same click again: its batch committed together with the spend we just found.
      const [existing] = await tx.select({ id: batch.id }).from(batch).where(and(eq(batch.userId, userId), eq(batch.requestId, request.requestId)));
      if (!existing) throw new AppError("CONFLICT");
      return { batchId: existing.id, balance: spent.balance, batch: null };
    }
    const now = new Date();
    const written = await insertBatchJobs({
      db: tx,
      batch: {
        id: batchId,
        userId,
        teamId,
        sourceImageId: source.id,
        roomType: request.roomType,
        mode: request.mode,
        params: request.params,
        maskImageId: mask?.id ?? null,
        engine: options.engineId,
        requestId: request.requestId,
        createdAt: now,
        // A batch goes with its photo: its page shows the original next to the results.
        expiresAt: new Date(Math.min(now.getTime() + env().IMAGE_TTL_SECONDS * 1000, source.expiresAt.getTime())),
      },
      units: isStyledMode(request.mode) ? request.styles : [null],
      variations: request.variations,
    });
    // Delivered to the workers and event streams of other processes at commit, without a round trip after it.
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}, ${notifyOnCommit("batch", sql`${batchId}`)}`);
    // What was just written is the answer: reading it back after the commit took three more round trips.
    const dto = toBatchDto(written.batch, source, isAiEngine(options.engineId), written.visualizations.map((v) => toVisualizationDto(v, null)));
    return { batchId, balance: spent.balance, batch: dto };
  });

  if (!outcome.batch) return { batch: await getBatch({ db, userId, batchId: outcome.batchId }), balance: outcome.balance };
  signalHere("jobs", "*");
  signalHere("batch", batchId);
  return { batch: outcome.batch, balance: outcome.balance };
}

/** The request, or INVALID_INPUT naming the field and the schema's reason (src/server/invalid-input.ts). */
function parseRequest(input: CreateBatchInput): CreateBatchRequest {
  const parsed = createBatchSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw invalidInput(parsed.error);
}

/**
 * The person's own mask, painted over this photo: anyone else's is NOT_FOUND, one painted over another of their
 * photos is refused (reason `maskMismatch`). A mask is stored at its photo's size and lives exactly as long as
 * it (src/server/images/upload-mask.ts), so the same size and the same end of life say which photo it belongs to.
 */
async function resolveMask(options: { db: Db; userId: string; maskImageId: string; source: ImageRow }): Promise<ImageRow> {
  const { source } = options;
  const [row] = await options.db
    .select()
    .from(image)
    .where(and(eq(image.id, options.maskImageId), eq(image.userId, options.userId), eq(image.kind, "mask")));
  if (!row) throw new AppError("NOT_FOUND");
  if (row.expiresAt <= new Date()) throw new AppError("GONE");
  if (row.width !== source.width || row.height !== source.height || row.expiresAt.getTime() !== source.expiresAt.getTime()) {
    throw new AppError("INVALID_INPUT", { field: "maskImageId", reason: "maskMismatch" });
  }
  return row;
}

async function resolveSource(options: { db: Db; storage: ImageStorage; userId: string; request: CreateBatchRequest }): Promise<ImageRow> {
  const { source } = options.request;
  if (source.type === "library") return importLibraryPhoto({ ...options, libraryId: source.libraryId });
  // A photo or a result to start from: a mask is not a room (and is only ever named as the mask).
  const [row] = await options.db
    .select()
    .from(image)
    .where(and(eq(image.id, source.imageId), eq(image.userId, options.userId), inArray(image.kind, ["upload", "result"])));
  if (!row) throw new AppError("NOT_FOUND");
  if (!enoughTimeLeft(row.expiresAt)) throw new AppError("GONE");
  return row;
}
