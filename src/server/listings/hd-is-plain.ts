import "server-only";
import type { Engine } from "@/server/engines/engine";
import { plainUpscale } from "@/server/engines/plain-upscale";

/**
 * The engines whose upscaler is the plain resampling. By id as well as by the function: the page and the worker
 * that made the engine may hold different copies of the module in a production build.
 */
const PLAIN_UPSCALE_ENGINES: ReadonlySet<string> = new Set(["local", "fake"]);

/** Whether an engine's HD copy is a plain resampling (no upscaler of its own, or the resampling itself): the page says so. */
export function hdIsPlain({ engine }: { engine: Partial<Pick<Engine, "id" | "upscale">> }): boolean {
  return !engine.upscale || engine.upscale === plainUpscale || (engine.id !== undefined && PLAIN_UPSCALE_ENGINES.has(engine.id));
}
