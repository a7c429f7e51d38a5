import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Server modules start with `import "server-only"`, so a client component importing one fails the build.
const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "data/**", "bench/out/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "src/server/db/migrations/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Domain code must not read the environment directly: src/env.ts parses it once.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through env() from src/env.ts." }],
      "no-restricted-imports": ["error", { paths: [{ name: "next/link", message: "Use Link from @/components/link (no prefetching of per-request pages)." }] }],
      "react/forbid-elements": ["error", { forbid: [{ element: "form", message: "Use Form from @/components/forms/form (it posts: a submit before hydration keeps the fields out of the address)." }] }],
    },
  },
  {
    files: ["src/components/link.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["src/components/forms/form.tsx"],
    rules: { "react/forbid-elements": "off" },
  },
  {
    files: ["src/env.ts", "src/server/log.ts", "instrumentation.ts", "next.config.ts", "scripts/**", "tests/**", "bench/**", "playwright.config.ts", "*.config.*", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["**/*.test.tsx"],
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
];

export default config;
