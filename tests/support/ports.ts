import { createServer } from "node:net";
import { freePort } from "./postgres";

/**
 * Ports for the processes the end-to-end tests start themselves (extra servers, the scale test's cluster),
 * kept inside one block so that runs on a shared machine do not collide: E2E_PORT (default 3201) is the
 * first Playwright server, the next E2E_SERVERS_MAX (8) ports are the other workers' servers, and each
 * Playwright worker then has 20 ports of its own (its TEST_PARALLEL_INDEX picks the block). Outside
 * Playwright (benchmarks) any free port.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT || 3201);
const SERVERS_MAX = 8;
const PER_WORKER = 20;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

const handedOut = new Set<number>();

export async function testPort(): Promise<number> {
  const index = process.env.TEST_PARALLEL_INDEX;
  if (index === undefined) return freePort();
  const first = E2E_BASE_PORT + SERVERS_MAX + Number(index) * PER_WORKER;
  for (let port = first; port < first + PER_WORKER; port++) {
    if (handedOut.has(port)) continue;
    // Taken before the check, so that concurrent callers never get the same one.
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${first}–${first + PER_WORKER - 1} for Playwright worker ${index}`);
}
