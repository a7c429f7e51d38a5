#!/usr/bin/env node
/**
 * Part of `npm run build`: compiles server.ts (the production entry) and the project modules it imports into
 * one ES module, `.next/production-server.mjs`, which `npm start`, `npm run serve`, the end-to-end tests and
 * the benchmarks run with plain `node`; and worker.ts likewise into `.next/production-worker.mjs`, which
 * `npm run worker` and the scale test run with `node --conditions=react-server` (its server modules' marker
 * package resolves to nothing under that condition). Packages stay imports of node_modules (`packages: "external"`), so
 * Next, React and the database drivers are the very copies Next's own bundles use. It lives in `.next`
 * because it belongs to that build: a new `next build` empties the directory and this step writes it anew.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

export const SERVER_OUTFILE = ".next/production-server.mjs";
export const WORKER_OUTFILE = ".next/production-worker.mjs";

/** Bundles `<root>/server.ts` and `<root>/worker.ts` into `<root>/.next/production-{server,worker}.mjs`. */
export async function compileServer(root) {
  const outfile = path.join(root, SERVER_OUTFILE);
  // Loaded here, not at the top: the tools that only want SERVER_OUTFILE do not pay for esbuild.
  const { build } = await import("esbuild");
  await build({
    entryPoints: [
      { in: path.join(root, "server.ts"), out: "production-server" },
      { in: path.join(root, "worker.ts"), out: "production-worker" },
    ],
    outdir: path.dirname(outfile),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outfile = await compileServer(path.resolve(import.meta.dirname, ".."));
  console.log(`server: ${path.relative(process.cwd(), outfile)}, worker: ${WORKER_OUTFILE}`);
}
