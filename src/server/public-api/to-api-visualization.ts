import type { BatchDto, ImageDto, VisualizationDto } from "@/schemas/generation";

/** An image as the API shows it: its bytes under /api/v1, read with the same key. */
export function toApiImage(image: ImageDto) {
  return { id: image.id, url: `/api/v1/images/${image.id}/content`, kind: image.kind, width: image.width, height: image.height, createdAt: image.createdAt, expiresAt: image.expiresAt };
}

export function toApiResult(v: VisualizationDto) {
  return {
    id: v.id,
    styleId: v.styleId,
    variant: v.variant,
    status: v.status,
    progress: v.progress,
    image: v.result ? toApiImage(v.result) : null,
    structureScore: v.structureScore,
    flagged: v.flagged,
    failureReason: v.failureReason,
    refunded: v.refunded,
  };
}

/** A batch as the API's visualization: its results and one status for all of them. */
export function toApiVisualization(batch: BatchDto, test: boolean) {
  const states = batch.visualizations.map((v) => v.status);
  const status = states.every((s) => s === "succeeded")
    ? "succeeded"
    : states.every((s) => s === "failed")
      ? "failed"
      : states.every((s) => s === "succeeded" || s === "failed")
        ? "partial"
        : states.some((s) => s !== "queued")
          ? "running"
          : "queued";
  return {
    id: batch.id,
    status,
    mode: batch.mode,
    roomType: batch.roomType,
    engine: batch.engine,
    ai: batch.ai,
    test,
    source: toApiImage(batch.source),
    results: batch.visualizations.map(toApiResult),
    createdAt: batch.createdAt,
    expiresAt: batch.expiresAt,
  } as const;
}
export type ApiVisualization = ReturnType<typeof toApiVisualization>;
