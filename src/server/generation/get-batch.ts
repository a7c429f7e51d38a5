import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, image, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { isAiEngine } from "@/config/engines";
import type { BatchDto } from "@/schemas/generation";
import type { ImageRow } from "@/server/images/image-dto";
import { ownedBy } from "@/server/images/owned-by";
import { toBatchDto, toVisualizationDto, type BatchRow } from "./dto";

/**
 * One of the user's batches (or of a team they are a member of now) with its visualizations; NOT_FOUND for anyone
 * else's, GONE after its hour.
 */
export async function getBatch(options: { userId: string; batchId: string; db?: DbOrTx }): Promise<BatchDto> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select()
    .from(batch)
    .where(and(eq(batch.id, options.batchId), ownedBy(batch, { userId: options.userId })));
  if (!row) throw new AppError("NOT_FOUND");
  if (row.expiresAt <= new Date()) throw new AppError("GONE");
  const [dto] = await loadBatchDtos(db, [row]);
  if (!dto) throw new AppError("GONE");
  return dto;
}

/** Batches with their source and results, in the order given; a batch whose source is gone is left out. */
export async function loadBatchDtos(db: DbOrTx, rows: BatchRow[]): Promise<BatchDto[]> {
  if (rows.length === 0) return [];
  const visualizations = await db
    .select()
    .from(visualization)
    .where(
      inArray(
        visualization.batchId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(visualization.position));
  const imageIds = [...rows.map((r) => r.sourceImageId), ...visualizations.map((v) => v.resultImageId)].filter((id): id is string => Boolean(id));
  const images = imageIds.length ? await db.select().from(image).where(inArray(image.id, imageIds)) : [];
  const byId = new Map<string, ImageRow>(images.map((i) => [i.id, i]));
  return rows.flatMap((row) => {
    const source = row.sourceImageId ? byId.get(row.sourceImageId) : undefined;
    if (!source) return [];
    const mine = visualizations.filter((v) => v.batchId === row.id);
    const remadeAs = new Map(mine.filter((v) => v.remakeOf).map((v) => [v.remakeOf!, v.id]));
    const own = mine.map((v) => toVisualizationDto(v, v.resultImageId ? (byId.get(v.resultImageId) ?? null) : null, remadeAs.get(v.id) ?? null));
    return [toBatchDto(row, source, isAiEngine(row.engine), own)];
  });
}
