/** Runs once when the server starts: validate the environment and open (and migrate) the database before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/env");
  env();
  const { databaseHandle } = await import("@/server/db/client");
  await databaseHandle();
}

export async function onRequestError(error: unknown, request: { path: string; method: string }, context: { routerKind: string; routePath: string; routeType: string }) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/server/log");
  log.error("request.error", { error, path: request.path, method: request.method, route: context.routePath, kind: context.routeType });
}
