import "server-only";
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import { EngineError, type Engine, type EngineInput } from "./engine";
import { createLocalEngine } from "./local-engine";

const failureSchema = z.union([
  /** "transient" fails every attempt; the others are final anyway. */
  z.enum(["refused", "moderated", "failed", "transient"]),
  /** Transient for the first n attempts of the style on this engine, then it succeeds. */
  z.strictObject({ transientTimes: z.number().int().min(1), retryAfterMs: z.number().int().min(0).optional() }),
]);

const scriptSchema = z.strictObject({
  /** How long each image takes; a scripted failure is thrown once it has passed, as a provider answers late. */
  latencyMs: z.number().int().min(0),
  /** Progress reports spread evenly over the latency: n steps report 1/(n+1) … n/(n+1). */
  progressSteps: z.number().int().min(0).optional(),
  /** Unset: a whole batch at once, as a hosted provider would take it. */
  concurrency: z.number().int().min(1).optional(),
  /**
   * What it answers with: the local engine's restyle of the photo (default; results differ per style), or the
   * photo as it was given, an answer that costs this host nothing to make, as a hosted engine's does (the
   * pipeline's benchmarks: the restyle is CPU work that a provider would not cost the workers).
   */
  output: z.enum(["restyle", "input"]).optional(),
  /** By style id. */
  failures: z.record(z.string(), failureSchema).optional(),
});

export type FakeEngineScript = z.infer<typeof scriptSchema>;

/** The script from FAKE_ENGINE_SCRIPT; throws (SyntaxError or ZodError) on a script that is not one. */
export function parseFakeEngineScript(json: string): FakeEngineScript {
  return scriptSchema.parse(JSON.parse(json));
}

/**
 * An engine for tests that behaves as the script says: its latency, progress and failures. Its images are the
 * local engine's restyle of the input (made during the latency), so results differ per style.
 */
export function createFakeEngine(script: FakeEngineScript): Engine {
  const local = createLocalEngine();
  const transientThrown = new Map<string, number>();
  // A hosted engine's work costs this server nothing; the local restyle that stands in for it does. Made
  // once per photo and style, so repeated batches (benchmarks) measure the pipeline, not the stand-in.
  const made = new Map<string, Promise<Buffer>>();
  const restyle = (input: EngineInput) => {
    const key = `${createHash("sha1").update(input.image).digest("hex")}:${input.styleId}`;
    let image = made.get(key);
    if (!image) {
      image = local.generate({ ...input, onProgress: () => {} }).then((output) => output.image);
      image.catch(() => made.delete(key));
      if (made.size >= 64) made.delete(made.keys().next().value!);
      made.set(key, image);
    }
    return image;
  };

  return {
    id: "fake",
    concurrency: script.concurrency ?? MAX_STYLES_PER_BATCH,
    async generate(input) {
      input.signal.throwIfAborted();
      const key = input.styleId ?? input.edit.mode;
      const failure = script.failures?.[key];
      const thrown = transientThrown.get(key) ?? 0;
      const failsNow = typeof failure === "string" || (failure !== undefined && thrown < failure.transientTimes);
      const [, output] = await Promise.all([
        elapse(script, input),
        failsNow ? undefined : script.output === "input" ? input.image : restyle(input),
      ]);
      if (typeof failure === "string") {
        throw new EngineError(failure, `Scripted ${failure} failure for style ${key}`);
      }
      if (failure && failsNow) {
        transientThrown.set(key, thrown + 1);
        throw new EngineError(
          "transient",
          `Scripted transient failure ${thrown + 1} of ${failure.transientTimes} for style ${key}`,
          failure.retryAfterMs,
        );
      }
      return { image: output! };
    },
  };
}

/**
 * Waits out the latency in equal slices, reporting progress after each but the last. Each slice ends at its
 * time from the call's start, so the timers' lateness on a busy host does not add up beyond the latency.
 */
async function elapse(script: FakeEngineScript, { onProgress, signal }: EngineInput): Promise<void> {
  const steps = script.progressSteps ?? 0;
  const began = performance.now();
  for (let step = 1; step <= steps + 1; step++) {
    try {
      await sleep(Math.max(0, began + (script.latencyMs * step) / (steps + 1) - performance.now()), undefined, { signal });
    } catch (error) {
      // The same error as every other engine gives on abort: the signal's reason.
      signal.throwIfAborted();
      throw error;
    }
    if (step <= steps) onProgress(step / (steps + 1));
  }
}
