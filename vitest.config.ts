import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { globSync } from "tinyglobby";
import { defineConfig } from "vitest/config";

const include = ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];

/**
 * Test files that set the process up their own way (environment variables, `vi.mock` of a module, a fresh
 * module registry) get one of their own; the others share one per worker thread, which saves loading the
 * same modules (drizzle, sharp, React, better-auth) again for every file (docs/testing.md).
 */
const needsOwnModules = /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|Object\.assign\(process\.env|vi\.(mock|doMock|stubEnv|resetModules)\(/;
/** Files that read what the whole process does (libvips' counters, memory), which other threads would blur: a child process each. */
const needsOwnProcess = /sharp\.counters\(|process\.(memoryUsage|cpuUsage)\(/;
const files = globSync(include, { cwd: import.meta.dirname }).map((file) => ({ file, text: readFileSync(new URL(file, import.meta.url), "utf8") }));
const ownProcess = files.filter(({ text }) => needsOwnProcess.test(text)).map(({ file }) => file);
const ownModules = files.filter(({ file, text }) => !ownProcess.includes(file) && needsOwnModules.test(text)).map(({ file }) => file);

export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./src/", import.meta.url)),
      "~/": fileURLToPath(new URL("./", import.meta.url)),
      // The marker throws outside the react-server condition; tests are trusted server code.
      "server-only": fileURLToPath(new URL("./tests/support/empty.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["./tests/support/global-setup.ts"],
    // A file that did not run at all is listed loudly at the end (tests/support/loud-skips-vitest.ts).
    reporters: ["default", "./tests/support/loud-skips-vitest.ts"],
    // Every core: most files wait on PGlite, PostgreSQL, local servers or sharp's threads, not only the CPU.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // Worker threads start faster than child processes and each keeps its own copy of process.env.
    pool: "threads",
    // next-intl imports "next/server" without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-intl"] } },
    projects: [
      { extends: true, test: { name: "shared", include, exclude: [...ownModules, ...ownProcess], isolate: false } },
      { extends: true, test: { name: "own-modules", include: ownModules } },
      { extends: true, test: { name: "own-process", include: ownProcess, pool: "forks" } },
    ],
  },
});
