import "server-only";
import type { batch, image, visualization } from "@/server/db/schema";
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
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function toVisualizationDto(row: VisualizationRow, result: ImageRow | null): VisualizationDto {
  return {
    id: row.id,
    styleId: row.styleId,
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
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    source: toImageDto(source),
    engine: row.engine,
    ai,
    visualizations,
  };
}
