import "server-only";
import { env } from "@/env";
import { engines } from "@/config/engines";

/** Which engine new batches will use, for the design page's label (without starting the engine). */
export function getEngineInfo(): { id: string; ai: boolean } {
  const id = env().GENERATION_ENGINE;
  return { id, ai: engines[id].ai };
}
