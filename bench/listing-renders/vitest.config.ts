import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** The listing page's render counts (bench/listing-renders/renders.bench.tsx): jsdom, the app's aliases, nothing of the test suite's setup. */
export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("../../src/", import.meta.url)),
      "~/": fileURLToPath(new URL("../../", import.meta.url)),
    },
  },
  test: {
    root: fileURLToPath(new URL("../../", import.meta.url)),
    include: ["bench/listing-renders/renders.bench.tsx"],
    environment: "jsdom",
    testTimeout: 120_000,
    server: { deps: { inline: ["next-intl"] } },
  },
});
