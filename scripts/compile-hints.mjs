#!/usr/bin/env node
/**
 * After `next build`: marks every client chunk with V8's explicit compile hint `//# allFunctionsCalledOnLoad`
 * (https://v8.dev/blog/explicit-compile-hints, Chrome 136+; other engines read it as a comment).
 *
 * Why: V8 compiles functions lazily, on their first call, on the main thread. The framework and layout
 * chunks are wrapped in many small module factories that all run while the page boots, so that lazy
 * compilation landed inside the one long hydration task. With the hint, V8 compiles them while the script
 * streams in, on a background thread. `npm run bench:main-thread`: blocking time after first paint on
 * / 324 → 103 ms, /cennik 256 → 121 ms (docs/benchmarks.md). Lazily loaded chunks (dialogs, the auth client,
 * toasts) are marked too: when they load, they run.
 *
 * The polyfill chunk is left alone (only browsers without modules load it). Idempotent: a marked file is
 * skipped, so running it twice changes nothing. File names keep their build hashes; the change is the
 * same on every build, so a name still means one content.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Prepends the hint to each .js file under <distDir>/static/chunks; returns how many files it changed. */
export function addCompileHints(distDir) {
  const chunksDir = path.join(distDir, "static", "chunks");
  if (!existsSync(chunksDir)) throw new Error(`${chunksDir} does not exist; run next build first`);
  const manifestFile = path.join(distDir, "build-manifest.json");
  const polyfills = new Set(
    existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, "utf8")).polyfillFiles ?? []).map((f) => path.join(distDir, f)) : [],
  );
  let changed = 0;
  for (const entry of readdirSync(chunksDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (polyfills.has(file)) continue;
    const source = readFileSync(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    changed++;
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const distDir = path.resolve(import.meta.dirname, "..", ".next");
  const changed = addCompileHints(distDir);
  console.log(`compile hints: ${changed} chunk${changed === 1 ? "" : "s"} marked in ${path.relative(process.cwd(), distDir)}/static/chunks`);
}
