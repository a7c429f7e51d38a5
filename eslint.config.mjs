import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Server modules start with `import "server-only"`, so a client component importing one fails the build.

const nextLink = { name: "next/link", message: "Use Link from @/components/link (no prefetching of per-request pages)." };

/**
 * The layers, one direction: app → src/web → src/server/<area> → src/server/db and src/config. Each entry
 * forbids what its folder must not import (as `@/…` or as a relative path); a later entry for the same files
 * replaces an earlier one's list, so each lists all of its own.
 */
const FEATURES = "account|auth|billing|blog|comments|consent|design|generations|landing|layout|listings";
const layer = {
  noDb: { regex: "^@/server/db(/|$)", message: "Pages and route handlers ask a domain function (src/server/<area>) or a src/web/server reader, not the database." },
  noServer: { regex: "^(@/server|(\\.\\./)+server)(/|$)", allowTypeImports: true, message: "Components (client code among them) do not reach the domain: take its data as props or through src/web/server." },
  noFeature: { regex: `^(@/components/|\\.\\./)(${FEATURES})(/|$)`, message: "src/components/ui holds shared widgets: it imports no feature folder." },
  noWebServer: { regex: "^(@/web/server|(\\.\\./)+web/server)(/|$)", message: "src/components/ui takes no shape from src/web/server, not even a type (that made an import cycle): shapes both sides share live in src/web/shared." },
  noWeb: { regex: "^(@/web|@/components|@/app|(\\.\\./)+(web|components))(/|$)", message: "The domain (src/server) does not import the web layer or components." },
  noArea: { regex: "^(@/server/(?!db(/|$)|log$|errors$|process-singletons$)|@/web|@/components)", message: "The database layer and config depend on no domain area." },
};
const restrict = (...patterns) => ["error", { paths: [nextLink], patterns }];

/**
 * The areas of src/server in their declared order (docs/architecture.md): an area imports only areas after
 * it, so the arrows between them point one way and no two areas lean on each other. Below them all: the
 * database, config and the shared modules at src/server's root (errors, log, process-singletons, parse-input).
 * A new area takes its place here.
 */
export const SERVER_AREAS = [
  "workers",
  "mcp",
  "webhooks",
  "public-api",
  "auth",
  "accounts",
  "billing",
  "invoices",
  "payments",
  "teams",
  "comments",
  "blog",
  "content",
  "listings",
  "generation",
  "provenance",
  "images",
  "engines",
  "edits",
  "jobs",
  "health",
  "rate-limit",
  "http",
  "mail",
  "realtime",
  "storage",
  "tokens",
  "api-keys",
];
const areaOrder = SERVER_AREAS.map((area, index) => {
  const above = SERVER_AREAS.slice(0, index);
  const noHigher = above.length
    ? [{ regex: `^(@/server/|(\\.\\./)+)(${above.join("|")})(/|$)`, message: `src/server/${area} imports only the areas after it in the declared order (docs/architecture.md): not ${above.join(", ")}.` }]
    : [];
  return { files: [`src/server/${area}/**/*.ts`], ignores: ["**/*.test.ts"], rules: { "no-restricted-imports": restrict(layer.noWeb, ...noHigher) } };
});

const layers = [
  { files: ["app/**/page.tsx", "app/**/layout.tsx", "app/**/route.ts"], rules: { "no-restricted-imports": restrict(layer.noDb) } },
  { files: ["src/components/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(layer.noServer) } },
  { files: ["src/components/ui/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(layer.noServer, layer.noFeature, layer.noWebServer) } },
  { files: ["src/server/**/*.ts"], ignores: ["**/*.test.ts"], rules: { "no-restricted-imports": restrict(layer.noWeb) } },
  ...areaOrder,
  { files: ["src/server/db/**/*.ts", "src/config/**/*.ts"], ignores: ["**/*.test.ts"], rules: { "no-restricted-imports": restrict(layer.noArea) } },
];

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
      "no-restricted-imports": ["error", { paths: [nextLink] }],
      "react/forbid-elements": ["error", { forbid: [{ element: "form", message: "Use Form from @/components/forms/form (it posts: a submit before hydration keeps the fields out of the address)." }] }],
    },
  },
  ...layers,
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
