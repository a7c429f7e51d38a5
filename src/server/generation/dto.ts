import "server-only";
import type { batch, visualization } from "@/server/db/schema";
import { toImageDto, type ImageRow } from "@/server/images/image-dto";
import { STRUCTURE_THRESHOLD } from "@/config/generation";
import type { EditMode } from "@/config/edit-modes";
import type { BatchDto, FailureReason, VisualizationDto } from "@/schemas/generation";
import type { StructureFinding } from "@/schemas/structure";

/** Row → DTO mappers shared by the list, get and event functions. */
export type BatchRow = typeof batch.$inferSelect;
export type VisualizationRow = typeof visualization.$inferSelect;

/** Whether a structure score says that the room's lines differ from the photo's (flagged). */
export function isFlagged(structureScore: number | null): boolean {
  return structureScore !== null && structureScore < STRUCTURE_THRESHOLD;
}

/** What a flagged result shows of its check: an unflagged one shows its score alone. */
export function findingsOf(structureScore: number | null, findings: StructureFinding[] | null): StructureFinding[] {
  return isFlagged(structureScore) ? (findings ?? []) : [];
}

export function toVisualizationDto(row: VisualizationRow, result: ImageRow | null, remadeAs: string | null = null): VisualizationDto {
  return {
    id: row.id,
    styleId: row.styleId,
    variant: row.variant,
    structureScore: row.structureScore,
    flagged: isFlagged(row.structureScore),
    structureFindings: findingsOf(row.structureScore, row.structureFindings),
    remadeAs,
    remakeOf: row.remakeOf,
    status: row.status,
    progress: row.progress,
    result: result ? toImageDto(result) : null,
    failureReason: (row.failureReason as FailureReason | null) ?? null,
    refunded: row.refunded,
    hdState: row.hdImageId ? "ready" : row.hdState,
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
