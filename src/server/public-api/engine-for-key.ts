import "server-only";
import { isAiEngine } from "@/config/engines";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getEngineInfo } from "@/server/generation/get-engine-info";

/**
 * The engine a key's work is made for: the server's own, except that a test key's work runs on the local engine
 * when the server's is an AI one, so that it costs nobody anything.
 */
export function engineForKey(caller: ApiCaller): string {
  const server = getEngineInfo().id;
  return caller.mode === "test" && isAiEngine(server) ? "local" : server;
}
