import type { Creativity, EditMode } from "@/config/edit-modes";
import type { EditParams } from "@/schemas/edit-params";
import type { RoomType } from "@/config/room-types";

/**
 * What the engine is asked to do with the photo: the mode (src/config/modes/, whose module says how each engine
 * is asked for it), the style of a styled mode, the mask of a brushed one and the mode's own parameters. Masks
 * are PNGs of the photo's own size, white meaning "edit here"; each engine converts them to its own polarity
 * and sizes. Modes made by our own code (`own`, such as paint) never reach an engine.
 */
export type EngineEdit = { mode: EditMode; styleId?: string; mask?: Buffer } & Omit<EditParams, "creativity" | "instruction">;

/**
 * A generation engine: takes the stored photo and one style, returns the redesigned image. Chosen by
 * GENERATION_ENGINE. Engines throw EngineError so the worker can decide between retry, refuse and fail.
 */
export type EngineInput = {
  /** The normalized photo (WebP, long side ≤ 1536 px, no metadata). */
  image: Buffer;
  width: number;
  height: number;
  roomType: RoomType;
  /** The style of a restyle or staging (the same as in `edit`); null for the other modes. */
  styleId: string | null;
  edit: EngineEdit;
  /** How far the engine may stray from the photo, mapped per engine. */
  creativity: Creativity;
  /** The person's own words, if any (at most 300 characters). */
  instruction?: string;
  /** Each variation has its own; engines that take a seed get it, so a result can be made again. */
  seed: number;
  /** Results to follow in palette and furniture (a listing's first result of the style), for engines that take reference images. */
  references?: Buffer[];
  /** Prompt built from the edit, the room type and the style (for AI engines). */
  prompt: string;
  /** Report progress 0..1 where the engine knows it; cheap to call often (the worker throttles). */
  onProgress: (fraction: number) => void;
  /** Aborted when the visualization is abandoned or the worker stops. */
  signal: AbortSignal;
};

export type EngineOutput = {
  /** The result's bytes in any format sharp reads; the worker stores it as WebP. */
  image: Buffer;
  /** What the provider charged for this image, in USD, when known (logged). */
  costUsd?: number;
};

/** A 2× enlargement of a finished result (a listing's HD copy). */
export type UpscaleInput = {
  image: Buffer;
  width: number;
  height: number;
  /** At least this many pixels on the long side. */
  minLongSide: number;
  signal: AbortSignal;
};

export interface Engine {
  /** Its GENERATION_ENGINE name; whether it is AI and which modes it can do is in the catalogue (src/config/engines.ts). */
  readonly id: string;
  /** How many images of this engine may run at once in one worker process. */
  readonly concurrency: number;
  generate(input: EngineInput): Promise<EngineOutput>;
  /** Engines with an upscaler of their own; the others get a plain resampling, labelled as such. */
  upscale?(input: UpscaleInput): Promise<EngineOutput>;
}

export type EngineErrorKind =
  /** Try again later (429, 5xx, timeouts, lost connections); retryAfterMs from Retry-After when given. */
  | "transient"
  /** The input was refused (4xx): fail at once. */
  | "refused"
  /** The provider's safety system blocked the photo or the result: fail at once, with a message of its own. */
  | "moderated"
  /** Anything else the engine cannot do: fail at once. */
  | "failed";

export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "EngineError";
  }
}
