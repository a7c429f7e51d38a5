/** Runs once when the server starts: validate the environment, open (and migrate) the database and start the generation worker before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/env");
  const config = env();
  // libvips keeps recent operations and decoded files in a cache of its own (50 MB by default); uploads and
  // results are each processed once, so it only holds memory.
  const { default: sharp } = await import("sharp");
  sharp.cache(false);
  const { databaseHandle } = await import("@/server/db/client");
  try {
    await databaseHandle();
  } catch (error) {
    // Next logs a failed start-up hook and serves on; without its database the server could only fail every
    // request (or, before the data directory was claimed, write beside another process). It stops, saying why.
    const { stopServer } = await import("@/server/stop-server");
    stopServer("server.database_failed", error);
  }
  // server.ts answers signed-in shells from its cache once this confirms the visitor's session.
  const { install } = await import("@/server/process-singletons");
  const { shellVisitor } = await import("@/web/server/shell-visitor");
  install("shellVisitor", shellVisitor);
  // On the embedded database the worker must live here (one process per data directory); with
  // PostgreSQL, IN_PROCESS_WORKER=false leaves the work to `npm run worker` processes.
  if (config.IN_PROCESS_WORKER) {
    const { startAppWorker } = await import("@/server/workers/start-app-worker");
    await startAppWorker();
  }
}

export async function onRequestError(error: unknown, request: { path: string; method: string }, context: { routerKind: string; routePath: string; routeType: string }) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/server/log");
  log.error("request.error", { error, path: request.path, method: request.method, route: context.routePath, kind: context.routeType });
}
