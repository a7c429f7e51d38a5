import "server-only";
import type { Engine } from "@/server/engines/engine";
import { plainUpscale } from "@/server/engines/plain-upscale";

/** Whether an engine's HD copy is a plain resampling (no upscaler of its own, or the resampling itself): the page says so. */
export function hdIsPlain({ engine }: { engine: Pick<Engine, "upscale"> }): boolean {
  return !engine.upscale || engine.upscale === plainUpscale;
}
