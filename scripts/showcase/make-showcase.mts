/**
 * `npm run showcase`: makes the landing page's and the public generator's examples, one example per mode for
 * the design page and the style picker's pictures (src/config/showcase.ts) with the engine GENERATION_ENGINE
 * names (keys from the environment, as for the server), and writes them to public/showcase/ with their manifest.
 * With the default local engine they are previews without AI (and only the modes it can do have one); an
 * operator with an AI engine runs it once to ship real examples (6 styles × 8 photos, 8 modes and 30 style
 * pictures = 86 images). It says what the run will cost
 * before it starts (Replicate's price of the model each image runs on; OpenAI's estimate at its quality), shows
 * its progress, and is resumable (`-- --fresh` starts over): scripts/showcase/make-showcase-set.ts.
 */
import path from "node:path";
import { replicateEditModels, replicateModels, type ReplicateEditModelId, type ReplicateModelId } from "@/config/engines";
import { env } from "@/env";
import type { EngineEdit } from "@/server/engines/engine";
import { getEngine } from "@/server/engines/get-engine";
import { makeShowcaseSet } from "./make-showcase-set";

/** USD per image of an edit as docs/engines.md gives them (on Replicate, of the model the edit runs on); null where it is not known before the images are made. */
async function prices(engineId: string): Promise<(edit: EngineEdit, references: boolean) => number | null> {
  if (engineId === "local" || engineId === "fake") return () => 0;
  if (engineId === "replicate") {
    const { replicateModelFor } = await import("@/server/engines/replicate-engine");
    return (edit, references) => {
      const model = replicateModelFor(env().REPLICATE_MODEL, { edit, references: references ? [Buffer.alloc(0)] : undefined });
      return (model in replicateModels ? replicateModels[model as ReplicateModelId] : replicateEditModels[model as ReplicateEditModelId]).priceUsd;
    };
  }
  if (engineId === "openai") {
    const price = { low: 0.02, medium: 0.05, high: 0.2 }[env().OPENAI_IMAGE_QUALITY];
    return () => price;
  }
  return () => null;
}

const root = process.cwd();
const manifestFile = path.join(root, "src/config/showcase.generated.json");
const engine = await getEngine();
await makeShowcaseSet({ engine, root, manifestFile, pricePerImage: await prices(engine.id), fresh: process.argv.includes("--fresh"), log: (line) => console.log(line) });
console.log(`Wrote public/showcase/ and ${path.relative(root, manifestFile)}`);
