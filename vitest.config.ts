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
    // next-intl imports "next/server" without an extension, which only a bundler resolves.
    server: { deps: { inline: ["next-intl"] } },
  },
});
