import { SERVER_OUTFILE, WORKER_OUTFILE } from "./compile-server.mjs";

/**
 * How a tool starts the production server: plain node on the entry `npm run build` compiled from server.ts
 * (scripts/compile-server.mjs), from the project's root.
 */
export const productionServerArgs: readonly string[] = [SERVER_OUTFILE];

/** How a tool starts a generation worker alone (`npm run worker`): the entry compiled from worker.ts. */
export const productionWorkerArgs: readonly string[] = ["--conditions=react-server", WORKER_OUTFILE];

/**
 * The environment of the production server (`node .next/production-server.mjs`) when a tool starts its own copy:
 * the end-to-end tests (playwright.config.ts) and the benchmarks (bench/server.ts). Loopback only, its own
 * port and data directory, APP_URL matching, no telemetry.
 */
export function productionServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    // As `npm start` runs it: glibc's per-thread malloc arenas would keep what libvips' threads freed.
    MALLOC_ARENA_MAX: "2",
    // The editor preview is on, with a token only tests know (tests/e2e/blog.spec.ts opens drafts with it).
    PREVIEW_TOKEN: "e2e-preview-token-0123456789abcdef",
    // The comment moderator of tests/e2e/comments.spec.ts.
    ADMIN_EMAILS: "comments-moderator@example.test",
  };
}
