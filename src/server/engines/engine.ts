import type { RoomType } from "@/config/room-types";

/**
 * A generation engine: takes the stored photo and one style, returns the redesigned image. Chosen by
 * GENERATION_PROVIDER. Engines throw EngineError so the worker can decide between retry, refuse and fail.
 */
export type EngineInput = {
  /** The normalized photo (WebP, long side ≤ 1536 px, no metadata). */
  image: Buffer;
  width: number;
  height: number;
  roomType: RoomType;
  styleId: string;
  /** Prompt built from the room type and the style (for AI engines). */
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

export interface Engine {
  /** Its GENERATION_PROVIDER name; whether it is AI is in the catalogue (src/config/engines.ts). */
  readonly id: string;
  /** How many images of this engine may run at once in one worker process. */
  readonly concurrency: number;
  generate(input: EngineInput): Promise<EngineOutput>;
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
