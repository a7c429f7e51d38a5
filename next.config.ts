import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { NO_REFERRER_PATHS, staticSecurityHeaders } from "./src/config/security-headers";

const { "Referrer-Policy": referrerPolicy, ...siteWide } = staticSecurityHeaders;

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const config: NextConfig = {
  poweredByHeader: false,
  // PGlite loads its wasm and data by file URL; bundling rewrites those paths and breaks it at runtime.
  // heic-decode: its WebAssembly is loaded from node_modules (also by the decoding worker thread), not bundled.
  // ws (ComfyUI's progress): it picks its optional native helpers with a guarded require, which bundlers rewrite.
  // @contentauth/c2pa-wasm: its WebAssembly (9 MB) is read from node_modules once per process, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "heic-decode", "pdfkit", "ws", "@contentauth/c2pa-wasm"],
  // Metadata (title, canonical, hreflang, feed links) always in <head>, not streamed into the body for browsers:
  // a shared page's cached render is served to crawlers too, and they ignore canonical and hreflang in a body.
  htmlLimitedBots: /.*/,
  // Turbopack's cache on disk makes a second build of the same tree faster (a warm build compiles in about half
  // the time) but writing it costs about 40 CPU-seconds on a first build: 76 s against 60 s on two cores. A CI
  // run builds a fresh clone once and throws the cache away, so it does not write one.
  experimental: { turbopackFileSystemCacheForBuild: !process.env.CI },
  typescript: { ignoreBuildErrors: true }, // `npm test` type-checks; the build need not do it twice
  async headers() {
    return [
      { source: "/:path*", headers: Object.entries(siteWide).map(([key, value]) => ({ key, value })) },
      // The most specific Referrer-Policy wins: Next would otherwise set the site's on every answer, over a route's
      // own. A client link's pages and images carry its token in their address and send no Referer at all.
      { source: `/:path(${NO_REFERRER_PATHS.map((p) => `(?!${p})`).join("")}.*)`, headers: [{ key: "Referrer-Policy", value: referrerPolicy! }] },
      ...NO_REFERRER_PATHS.map((p) => ({ source: `/${p}:rest*`, headers: [{ key: "Referrer-Policy", value: "no-referrer" }] })),
      // Font files keep their names across releases; a week-old copy is still a correct font.
      { source: "/fonts/:file", headers: [{ key: "Cache-Control", value: "public, max-age=604800, stale-while-revalidate=2592000" }] },
      // Page images keep their names when regenerated (npm run showcase, new covers): a day-old copy is fine.
      ...["/showcase/:photo/:file", "/styles/:file", "/library/:file", "/blog/covers/:file"].map((source) => ({
        source,
        headers: [{ key: "Cache-Control", value: "public, max-age=86400, stale-while-revalidate=604800" }],
      })),
    ];
  },
};

export default withNextIntl(config);
