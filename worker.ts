/**
 * `npm run worker`: generation workers (and the sweeper) without a web server, for deployments on
 * PostgreSQL where web processes run with IN_PROCESS_WORKER=false. Any number may run on any host.
 * Runs with the react-server condition, so server modules' "server-only" marker resolves to nothing.
 */
import { env } from "./src/env";
import { databaseHandle } from "./src/server/db/client";
import { startAppWorker } from "./src/server/workers/start-app-worker";

const config = env();
if (!config.DATABASE_URL) {
  process.stderr.write("npm run worker needs DATABASE_URL: the embedded database belongs to the web process, whose worker already runs inside it.\n");
  process.exit(1);
}
const handle = await databaseHandle();
const worker = await startAppWorker();

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await handle.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
// Whoever read our output is gone (a closed pipe): every log line would fail, so stop as if told to.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") void shutdown();
  });
}
