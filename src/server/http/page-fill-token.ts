import { randomBytes } from "node:crypto";
import { remember } from "../process-singletons";

/** A request to fill the page cache carries this header; it is rendered, never answered from the cache. */
export const FILL_HEADER = "x-shared-page-fill";

/**
 * The value of the page cache's fill header (shared-page-cache.ts), random per process: with it
 * the proxy lets the cache's own request for a signed-in shell through without a session. The shell holds
 * nothing of anyone; the token only keeps visitors from skipping the sign-in redirect. Free of `server-only`:
 * server.ts and the proxy both read it.
 */
export function pageFillToken(): string {
  return remember("pageFillToken", () => randomBytes(24).toString("base64url"));
}
