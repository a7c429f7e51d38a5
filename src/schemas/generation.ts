import { z } from "zod";
import { roomTypes } from "@/config/room-types";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import { editModes, MAX_VARIATIONS, type EditMode } from "@/config/edit-modes";
import { editParamsSchema, modeIssues, type EditParams } from "./edit-params";
import type { StructureFinding } from "./structure";

/**
 * The generation API's requests and answers, shared by the browser and the server.
 *
 *   POST /api/images                  body: the file's bytes (any Content-Type) → 201 { image: ImageDto }
 *   GET  /api/images                  → { images: ImageDto[] }   the user's uploads and results of the last hour
 *   GET  /api/images/:id              → the image (owner only: 404 for anyone else, 410 once expired);
 *                                       ?size=display: a result's display-size copy (the image itself when it has none)
 *   POST /api/batches                 body: CreateBatchRequest → 201 { batch: BatchDto, balance: number }
 *   GET  /api/batches/:id             → { batch: BatchDto }
 *   GET  /api/batches/:id/events      text/event-stream of BatchEvent (id: = sequence, resumes with Last-Event-ID)
 * Errors: { error: { code: ErrorCode, details: {...} } }; the browser translates errors.<code> (and
 * upload.errors.<reason> for INVALID_IMAGE).
 */
/** The id of a stored row (an image, a visualization, a listing's photo): base64url, as newId makes them. */
export const recordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export const imageSourceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("image"), imageId: recordIdSchema }),
  z.object({ type: z.literal("library"), libraryId: z.string().min(1).max(100) }),
]);
export type ImageSource = z.infer<typeof imageSourceSchema>;

export const createBatchSchema = z
  .object({
    source: imageSourceSchema,
    roomType: z.enum(roomTypes),
    mode: z.enum(editModes).default("restyle"),
    /** One visualization per style in the styled modes; none in the others. */
    styles: z
      .array(z.string().min(1).max(60))
      .max(MAX_STYLES_PER_BATCH, "tooManyStyles")
      .refine((list) => new Set(list).size === list.length, "duplicateStyles")
      .default([]),
    /** Each style (or the edit) this many times, each with its own seed and token. */
    variations: z.number("badVariations").int("badVariations").min(1, "badVariations").max(MAX_VARIATIONS, "badVariations").default(1),
    params: editParamsSchema.prefault({}),
    /** The mask painted over the photo (an image of kind "mask"), for the masked modes. */
    maskImageId: recordIdSchema.optional(),
    /** Chosen by the browser per click: a retried request does not spend twice. */
    requestId: z.uuid(),
  })
  .superRefine((request, context) => {
    for (const { path, message } of modeIssues(request)) context.addIssue({ code: "custom", path: [path], message });
  });
export type CreateBatchRequest = z.output<typeof createBatchSchema>;
export type CreateBatchInput = z.input<typeof createBatchSchema>;

export { tokenCost, visualizationCount } from "@/config/edit-modes";

export { imageRejections, type ImageRejection } from "./image-rejections";

export type ImageKind = "upload" | "result" | "mask";
export type ImageDto = {
  id: string;
  /** Owner-only URL under /api/images/. */
  url: string;
  kind: ImageKind;
  width: number;
  height: number;
  /** A result's display-size copy (JPEG, same owner and hour), for a `srcset` beside `url`. */
  display?: { url: string; width: number };
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
  /** Null in the modes without a style. */
  styleId: string | null;
  variant: number;
  /** How much of the photo's structure the result kept, 0..1, once it has one. */
  structureScore: number | null;
  /** Below the threshold: the room's lines differ from the photo's. */
  flagged: boolean;
  /** What the check found, for a flagged result (none otherwise). */
  structureFindings?: StructureFinding[];
  /** The free remake of this visualization, once asked for; the remake itself points back with remakeOf. */
  remadeAs: string | null;
  remakeOf: string | null;
  status: VisualizationStatus;
  /** 0..1 while running, when the engine reports it. */
  progress: number | null;
  result: ImageDto | null;
  failureReason: FailureReason | null;
  /** A failed visualization's token came back. */
  refunded: boolean;
  /** Where its 4K copy's order stands (ready once made; failed with its token given back; null never ordered), so a page opened later offers no second order. */
  hdState?: "queued" | "running" | "failed" | "ready" | null;
};

export type BatchDto = {
  id: string;
  roomType: string;
  mode: EditMode;
  params: EditParams;
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
  | { seq: number; type: "succeeded"; visualizationId: string; result: ImageDto; structureScore: number | null; flagged: boolean }
  /** A succeeded visualization's structure check, which comes after its result (the result is shown first). */
  | { seq: number; type: "scored"; visualizationId: string; structureScore: number; flagged: boolean; structureFindings?: StructureFinding[] }
  /** A hosted engine's answer, shown first, was replaced by the result's JPEG at the photo's size. */
  | { seq: number; type: "replaced"; visualizationId: string; result: ImageDto }
  /** A free remake of a flagged visualization joined the batch. */
  | { seq: number; type: "remade"; visualizationId: string; remake: VisualizationDto }
  | { seq: number; type: "failed"; visualizationId: string; reason: FailureReason; refunded: boolean }
  /**
   * The HD copy a listing ordered of this result left the queue: made ("ready"), failed (its token given back) or
   * dropped (null: the result was no longer chosen, or past its hour). The stream stays open while one is ordered.
   */
  | { seq: number; type: "hd"; visualizationId: string; state: "ready" | "failed" | null };
