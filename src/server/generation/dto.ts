import "server-only";
import type { batch, image, visualization } from "@/server/db/schema";
import { STRUCTURE_THRESHOLD } from "@/config/generation";
import type { EditMode } from "@/config/edit-modes";
import type { BatchDto, FailureReason, ImageDto, VisualizationDto } from "@/schemas/generation";

/** Row → DTO mappers shared by the list, get and event functions. */
export type ImageRow = typeof image.$inferSelect;
export type BatchRow = typeof batch.$inferSelect;
export type VisualizationRow = typeof visualization.$inferSelect;

export function imageUrl(id: string): string {
  return `/api/images/${id}`;
}

export function toImageDto(row: ImageRow): ImageDto {
  return {
    id: row.id,
    url: imageUrl(row.id),
    kind: row.kind,
    width: row.width,
    height: row.height,
    ...(row.displayKey && row.displayWidth ? { display: { url: `${imageUrl(row.id)}?size=display`, width: row.displayWidth } } : {}),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Whether a structure score says that walls or windows may have moved. */
export function isFlagged(structureScore: number | null): boolean {
  return structureScore !== null && structureScore < STRUCTURE_THRESHOLD;
}

export function toVisualizationDto(row: VisualizationRow, result: ImageRow | null, remadeAs: string | null = null): VisualizationDto {
  return {
    id: row.id,
    styleId: row.styleId,
    variant: row.variant,
    structureScore: row.structureScore,
    flagged: isFlagged(row.structureScore),
    remadeAs,
    remakeOf: row.remakeOf,
    status: row.status,
    progress: row.progress,
    result: result ? toImageDto(result) : null,
    failureReason: (row.failureReason as FailureReason | null) ?? null,
    refunded: row.refunded,
  };
}

export function toBatchDto(row: BatchRow, source: ImageRow, ai: boolean, visualizations: VisualizationDto[]): BatchDto {
  return {
    id: row.id,
    roomType: row.roomType,
    mode: row.mode as EditMode,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    source: toImageDto(source),
    engine: row.engine,
    ai,
    visualizations,
  };
}
