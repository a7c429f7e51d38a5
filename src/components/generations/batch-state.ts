import type { BatchDto, BatchEvent, VisualizationDto, VisualizationStatus } from "@/schemas/generation";

export type LiveVisualization = VisualizationDto;
export type LiveBatch = Omit<BatchDto, "visualizations"> & { visualizations: LiveVisualization[]; lastSeq: number };

const rank: Record<Exclude<BatchEvent["type"], "remade" | "scored" | "replaced" | "hd">, number> = { queued: 0, running: 1, succeeded: 2, failed: 2 };

export function isFinal(status: VisualizationStatus): boolean {
  return status === "succeeded" || status === "failed";
}

export function isBatchFinal(batch: { visualizations: { status: VisualizationStatus }[] }): boolean {
  return batch.visualizations.every((v) => isFinal(v.status));
}

/** Final, and every result has its structure check, which comes after it: nothing more to hear about. */
export function isBatchSettled(batch: { visualizations: { status: VisualizationStatus; structureScore: number | null }[] }): boolean {
  return batch.visualizations.every((v) => (v.status === "succeeded" ? v.structureScore !== null : v.status === "failed"));
}

export function liveBatch(batch: BatchDto): LiveBatch {
  return { ...batch, lastSeq: 0 };
}

/**
 * Applies one server-sent event. A stream opened without Last-Event-ID replays from the start, so it may
 * repeat what the page's snapshot already shows: an event never moves a visualization backwards (a
 * `running` after `succeeded`, a repeated `queued`), and a sequence number already seen is ignored.
 */
export function applyBatchEvent(batch: LiveBatch, event: BatchEvent): LiveBatch {
  if (event.seq <= batch.lastSeq) return batch;
  // A listing's HD copy: the design page shows none.
  if (event.type === "hd") return { ...batch, lastSeq: event.seq };
  if (event.type === "remade") return { ...addRemakeTo(batch, event.visualizationId, event.remake), lastSeq: event.seq };
  if (event.type === "scored") {
    const scored = (v: LiveVisualization) => (v.id === event.visualizationId && v.status === "succeeded" ? { ...v, structureScore: event.structureScore, flagged: event.flagged, structureFindings: event.structureFindings } : v);
    return { ...batch, visualizations: batch.visualizations.map(scored), lastSeq: event.seq };
  }
  if (event.type === "replaced") {
    const replaced = (v: LiveVisualization) => (v.id === event.visualizationId && v.result?.id === event.result.id ? { ...v, result: event.result } : v);
    return { ...batch, visualizations: batch.visualizations.map(replaced), lastSeq: event.seq };
  }
  const visualizations = batch.visualizations.map((v) => (v.id === event.visualizationId ? applyToVisualization(v, event) : v));
  return { ...batch, visualizations, lastSeq: event.seq };
}

function applyToVisualization(v: LiveVisualization, event: Exclude<BatchEvent, { type: "remade" | "scored" | "replaced" | "hd" }>): LiveVisualization {
  if (isFinal(v.status) || rank[event.type] < rank[v.status]) return v;
  switch (event.type) {
    case "queued":
      return v;
    case "running":
      return { ...v, status: "running", progress: event.progress ?? v.progress };
    case "succeeded":
      return { ...v, status: "succeeded", progress: 1, result: event.result, failureReason: null, structureScore: event.structureScore, flagged: event.flagged };
    case "failed":
      return { ...v, status: "failed", failureReason: event.reason, refunded: event.refunded };
  }
}

/** A free remake joins the batch once (from the event or from the remake request's answer, whichever comes first). */
export function addRemakeTo(batch: LiveBatch, originalId: string, remake: VisualizationDto): LiveBatch {
  const known = batch.visualizations.some((v) => v.id === remake.id);
  const visualizations = batch.visualizations.map((v) => (v.id === originalId ? { ...v, remadeAs: remake.id } : v));
  return { ...batch, visualizations: known ? visualizations : [...visualizations, remake] };
}

/** Replaces the state with a fresh snapshot from GET /api/batches/:id, keeping the last event number seen. */
export function mergeSnapshot(batch: LiveBatch, snapshot: BatchDto): LiveBatch {
  return { ...snapshot, lastSeq: batch.lastSeq };
}

/**
 * The visualizations a snapshot made final (read when the stream could not be), as the events that would have
 * said so, so the page announces them as it does streamed ones.
 */
export function finalEventsBetween(before: LiveBatch, after: LiveBatch): Extract<BatchEvent, { type: "succeeded" | "failed" }>[] {
  return after.visualizations.flatMap((v): Extract<BatchEvent, { type: "succeeded" | "failed" }>[] => {
    const was = before.visualizations.find((w) => w.id === v.id);
    if (!was || isFinal(was.status)) return [];
    if (v.status === "succeeded" && v.result) return [{ seq: after.lastSeq, type: "succeeded" as const, visualizationId: v.id, result: v.result, structureScore: v.structureScore, flagged: v.flagged }];
    if (v.status === "failed") return [{ seq: after.lastSeq, type: "failed" as const, visualizationId: v.id, reason: v.failureReason ?? "internal", refunded: v.refunded }];
    return [];
  });
}

/** Parses an SSE data line; anything that is not one of ours is dropped rather than breaking the page. */
export function parseBatchEvent(data: string): BatchEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (!value || typeof value !== "object") return null;
    const event = value as Partial<BatchEvent>;
    if (typeof event.seq !== "number" || typeof event.visualizationId !== "string") return null;
    if (!["queued", "running", "succeeded", "scored", "replaced", "failed", "remade", "hd"].includes(String(event.type))) return null;
    return event as BatchEvent;
  } catch {
    return null;
  }
}
