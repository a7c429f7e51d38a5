import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { env } from "@/env";
import { findStyle } from "@/config/styles";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { isAiEngine } from "@/config/engines";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { isStyledMode } from "@/config/edit-modes";
import { sameEveryTimeModes } from "@/config/engines";
import { tokenCost, type BatchDto, type CreateBatchRequest } from "@/schemas/generation";
import { checkModeOnEngine } from "./check-mode-on-engine";
import { checkPhotoForMode } from "./check-photo-for-mode";
import { readReferencePhoto } from "./read-reference-photo";
import { getBatch } from "./get-batch";
import { enoughTimeLeft } from "./enough-time-left";
import { importLibraryPhoto } from "@/server/images/import-library-photo";
import { spendAndQueue } from "./spend-and-queue";
import { findEarlierRequest } from "./find-earlier-request";
import { newId } from "@/server/db/new-id";
import type { ImageRow } from "@/server/images/image-dto";
import { ownedBy } from "@/server/images/owned-by";
import { toBatchDto, toVisualizationDto } from "./dto";

/**
 * One Generate click: spend one token per visualization (styles × variations, or the edit × variations) and
 * queue the batch with its mode and parameters, a visualization with its own seed for each (spendAndQueue). A retry of the same requestId spends nothing and returns the batch the first attempt
 * made; the same requestId with another request (another photo, mode, style…) is refused (findEarlierRequest). The balance is checked before a library photo is imported, so a refusal costs the server nothing.
 * `free` (an API test key's batch): nothing is checked or spent, no ledger entry is written, and a failure refunds nothing.
 */
export async function createBatch(options: {
  userId: string;
  /** Where the person works now: a team's pool pays (within their cap), and its refunds go back there. */
  teamId?: string | null;
  /** Checked by createBatchSchema (at the route). */
  request: CreateBatchRequest;
  /** The engine the batch's jobs will run on (GENERATION_ENGINE). */
  engineId: string;
  free?: boolean;
  /** Written in the batch's own transaction (an API batch's key and lane), before any worker can claim its jobs. */
  linked?: (tx: Tx, batchId: string) => Promise<void>;
  db?: Db;
  storage?: ImageStorage;
}): Promise<{ batch: BatchDto; balance: number }> {
  const { userId } = options;
  const teamId = options.teamId ?? null;
  const { request } = options;
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  for (const styleId of request.styles) {
    if (!findStyle(styleId)) throw new AppError("INVALID_INPUT", { field: "styles", reason: "unknownStyle" });
  }
  checkModeOnEngine({ mode: request.mode, engineId: options.engineId });
  // More variations of an edit the seed does not change would be the same image for more tokens.
  if (request.variations > 1 && sameEveryTimeModes(options.engineId).includes(request.mode)) throw new AppError("INVALID_INPUT", { field: "variations", reason: "sameEveryTime" });
  // The same click again (a retry after a lost answer): nothing to import or spend. Its requestId sent with
  // another request is refused (requestReused).
  const { batchIds: [repeated], fingerprint } = await findEarlierRequest({ db, userId, request: { ...request, kind: "batch" } });
  if (repeated) return { batch: await getBatch({ db, userId, batchId: repeated }), balance: await getBalance({ db, userId, teamId }) };
  const cost = tokenCost(request);
  // Refuse first, then do the work: importing a library photo decodes and stores an image.
  const balanceBefore = await getBalance({ db, userId, teamId });
  if (!options.free && balanceBefore < cost) throw new AppError("INSUFFICIENT_TOKENS", { balance: balanceBefore, attempted: cost });
  // A mask belongs to a stored photo (a library photo becomes one when its mask is sent): a fresh import has none.
  if (request.maskImageId && request.source.type === "library") throw new AppError("INVALID_INPUT", { field: "maskImageId", reason: "maskMismatch" });
  const source = await resolveSource({ db, storage, userId, teamId, request });
  const mask = request.maskImageId ? await resolveMask({ db, userId, teamId, maskImageId: request.maskImageId, source }) : null;
  await checkPhotoForMode({ mode: request.mode, photo: () => storage.get(source.storageKey), brushed: mask !== null });
  const reference = await readReferencePhoto({ db, storage, userId, teamId, mode: request.mode, params: request.params });

  const batchId = newId();
  const now = new Date();
  const outcome = await spendAndQueue({
    db,
    userId,
    teamId,
    cost,
    free: options.free,
    idempotencyKey: `spend:${userId}:${request.requestId}`,
    reference: `batch:${batchId}`,
    plan: () => [
      {
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
          requestHash: fingerprint,
          free: options.free ?? false,
          createdAt: now,
          // A batch goes with its photo: its page shows the original next to the results.
          expiresAt: new Date(Math.min(now.getTime() + env().IMAGE_TTL_SECONDS * 1000, source.expiresAt.getTime())),
        },
        units: (isStyledMode(request.mode) ? request.styles : [null]).map((styleId) => ({ styleId, brief: reference?.brief })),
        variations: request.variations,
      },
    ],
    linked: options.linked && ((tx) => options.linked!(tx, batchId)),
  });
  if (!outcome.applied) {
    // The same click again: its batch committed together with the spend found under its key.
    const { batchIds: [existing] } = await findEarlierRequest({ db, userId, request: { ...request, kind: "batch" } });
    if (!existing) throw new AppError("CONFLICT");
    return { batch: await getBatch({ db, userId, batchId: existing }), balance: outcome.balance };
  }
  // What was just written is the answer: reading it back after the commit took three more round trips.
  const [written] = outcome.batches;
  const dto = toBatchDto(written!.batch, source, isAiEngine(options.engineId), written!.visualizations.map((v) => toVisualizationDto(v, null)));
  return { batch: dto, balance: outcome.balance };
}

/**
 * The person's own mask (working in a team, the team's), painted over this photo: anyone else's is NOT_FOUND, one painted over another of their
 * photos is refused (reason `maskMismatch`). A mask is stored at its photo's size and lives exactly as long as
 * it (src/server/images/upload-mask.ts), so the same size and the same end of life say which photo it belongs to.
 */
async function resolveMask(options: { db: Db; userId: string; teamId: string | null; maskImageId: string; source: ImageRow }): Promise<ImageRow> {
  const { source } = options;
  const [row] = await options.db
    .select()
    .from(image)
    .where(and(eq(image.id, options.maskImageId), ownedBy(image, options), eq(image.kind, "mask")));
  if (!row) throw new AppError("NOT_FOUND");
  if (row.expiresAt <= new Date()) throw new AppError("GONE");
  if (row.width !== source.width || row.height !== source.height || row.expiresAt.getTime() !== source.expiresAt.getTime()) {
    throw new AppError("INVALID_INPUT", { field: "maskImageId", reason: "maskMismatch" });
  }
  return row;
}

/** The photo or result to start from, of where the person works now: a team's batch starts from the team's images. */
async function resolveSource(options: { db: Db; storage: ImageStorage; userId: string; teamId: string | null; request: CreateBatchRequest }): Promise<ImageRow> {
  const { source } = options.request;
  if (source.type === "library") return importLibraryPhoto({ ...options, libraryId: source.libraryId });
  // A photo or a result to start from: a mask is not a room (and is only ever named as the mask).
  const [row] = await options.db
    .select()
    .from(image)
    .where(and(eq(image.id, source.imageId), ownedBy(image, options), inArray(image.kind, ["upload", "result"])));
  if (!row) throw new AppError("NOT_FOUND");
  if (!enoughTimeLeft(row.expiresAt)) throw new AppError("GONE");
  return row;
}
