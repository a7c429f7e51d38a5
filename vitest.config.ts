import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
    include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["./tests/support/global-setup.ts"],
    // A file that did not run at all is listed loudly at the end (tests/support/loud-skips-vitest.ts).
    reporters: ["default", "./tests/support/loud-skips-vitest.ts"],
    // Every core: most files wait on PGlite, PostgreSQL, local servers or sharp's threads, not only the CPU.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    // next-intl imports "next/server" without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-intl"] } },
  },
});
