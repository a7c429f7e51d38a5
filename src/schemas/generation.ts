import { z } from "zod";
import { roomTypes } from "@/config/room-types";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";

/**
 * The generation API's requests and answers, shared by the browser and the server.
 *
 *   POST /api/images                  body: the file's bytes (any Content-Type) → 201 { image: ImageDto }
 *   GET  /api/images                  → { images: ImageDto[] }   the user's uploads and results of the last hour
 *   GET  /api/images/:id              → the image (owner only: 404 for anyone else, 410 once expired)
 *   POST /api/batches                 body: CreateBatchRequest → 201 { batch: BatchDto, balance: number }
 *   GET  /api/batches/:id             → { batch: BatchDto }
 *   GET  /api/batches/:id/events      text/event-stream of BatchEvent (id: = sequence, resumes with Last-Event-ID)
 * Errors: { error: { code: ErrorCode, details: {...} } }; the browser translates errors.<code> (and
 * upload.errors.<reason> for INVALID_IMAGE).
 */
export const imageSourceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("image"), imageId: z.string().min(1).max(100) }),
  z.object({ type: z.literal("library"), libraryId: z.string().min(1).max(100) }),
]);
export type ImageSource = z.infer<typeof imageSourceSchema>;

export const createBatchSchema = z.object({
  source: imageSourceSchema,
  roomType: z.enum(roomTypes),
  styles: z
    .array(z.string().min(1).max(60))
    .min(1, "noStyles")
    .max(MAX_STYLES_PER_BATCH, "tooManyStyles")
    .refine((list) => new Set(list).size === list.length, "duplicateStyles"),
  /** Chosen by the browser per click: a retried request does not spend twice. */
  requestId: z.uuid(),
});
export type CreateBatchRequest = z.infer<typeof createBatchSchema>;

export { imageRejections, type ImageRejection } from "./image-rejections";

export type ImageKind = "upload" | "result";
export type ImageDto = {
  id: string;
  /** Owner-only URL under /api/images/. */
  url: string;
  kind: ImageKind;
  width: number;
  height: number;
  createdAt: string;
  expiresAt: string;
};

export const visualizationStatuses = ["queued", "running", "succeeded", "failed"] as const;
export type VisualizationStatus = (typeof visualizationStatuses)[number];
/** Why a visualization failed; each has a message under generation.failure.<reason>. */
export const failureReasons = ["refused", "moderation", "provider", "timeout", "internal", "expired"] as const;
export type FailureReason = (typeof failureReasons)[number];

export type VisualizationDto = {
  id: string;
  styleId: string;
  status: VisualizationStatus;
  /** 0..1 while running, when the engine reports it. */
  progress: number | null;
  result: ImageDto | null;
  failureReason: FailureReason | null;
  /** A failed visualization's token came back. */
  refunded: boolean;
};

export type BatchDto = {
  id: string;
  roomType: string;
  createdAt: string;
  expiresAt: string;
  source: ImageDto;
  /** The engine that made it. */
  engine: string;
  /** False for the local engine's previews: the UI labels them as made without AI. */
  ai: boolean;
  visualizations: VisualizationDto[];
};

/** One server-sent event of a batch's stream (the SSE `data:` line; its `id:` is `seq`). */
export type BatchEvent =
  | { seq: number; type: "queued"; visualizationId: string }
  | { seq: number; type: "running"; visualizationId: string; progress: number | null }
  | { seq: number; type: "succeeded"; visualizationId: string; result: ImageDto }
  | { seq: number; type: "failed"; visualizationId: string; reason: FailureReason; refunded: boolean };
