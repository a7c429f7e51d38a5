import { engineModes } from "@/config/engines";
import { listingModes } from "@/config/listings";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** The engine new visualizations run on and the modes it offers (a test key's run on the local engine). */
export const GET = v1Route({ scope: "read" }, async () => {
  const engine = getEngineInfo();
  const modes = engineModes(engine.id);
  return v1Json({ engine: engine.id, ai: engine.ai, modes, listingModes: listingModes.filter((m) => modes.includes(m)) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
