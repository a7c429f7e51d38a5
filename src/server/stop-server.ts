import "server-only";
import { log } from "@/server/log";

/**
 * Stops the server with the reason logged, for a start-up step it cannot serve without (its database). Apart from
 * instrumentation.ts, which is also compiled for the Edge runtime, where `process.exit` does not exist.
 */
export function stopServer(event: string, error: unknown): never {
  log.error(event, { error });
  process.exit(1);
}
