/**
 * Production entry (`npm start` builds, then runs this): Next's request handler behind a plain Node
 * HTTP server, so that every request gets one JSON log line with its status and duration (src/server/log.ts), the client
 * address is known to rate limits, the build's scripts and stylesheets go out Brotli-compressed
 * (scripts/compress-static.mjs), shared public pages are answered from a cache
 * (src/server/http/shared-page-cache.ts), and a stop signal closes the embedded database cleanly.
 * Everything else Next compresses itself (gzip; event streams are marked `no-transform` and left alone).
 */
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import path from "node:path";
import next from "next";
import { env } from "./src/env";
import { precompressedStatic } from "./src/server/http/precompressed-static";
import { sharedPageCache } from "./src/server/http/shared-page-cache";
import { registerSharedPageCache } from "./src/server/http/shared-pages-changed";
import { peek } from "./src/server/process-singletons";
import { ignoredCookies, isSignedInShell, keyCookies, replayedCookies, SHARED_PAGE_CACHE_BYTES, SHARED_PAGE_FRESH_MS, SHARED_PAGE_MAX_URL, sharedPages, signedInShells } from "./src/config/page-cache";
import type { Locale, RouteKey } from "./src/config/routes";
import { pageFillToken } from "./src/server/http/page-fill-token";
import { personDataScript, personDataUrl } from "./src/web/shared/person-data";
import type { ShellVisitor } from "./src/web/server/shell-visitor";
import { answerClientError, publicFiles, refuseMalformedRequest } from "./src/server/http/refuse-malformed-request";
import { normalizeRequestTarget } from "./src/server/http/normalize-path";
import { log } from "./src/server/log";

const config = env();
// Next fetches a server action's redirect target from itself (one roundtrip instead of two): it needs our
// port. Not the hostname: Next would then read every request's URL with it instead of its Host header.
const app = next({ dev: false, dir: process.cwd(), port: config.PORT });
const handle = app.getRequestHandler();
const servePrecompressed = precompressedStatic(path.join(process.cwd(), ".next"));
const isPublicFile = publicFiles(path.join(process.cwd(), "public"));

// Pages every visitor without an account sees alike are answered from memory (src/server/http/shared-page-cache.ts).
const pageCache = config.SHARED_PAGE_CACHE
  ? sharedPageCache({
      origin: () => {
        const address = server.address();
        if (address === null || typeof address === "string") throw new Error("the server is not listening on a port");
        const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
        return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
      },
      sharedPages,
      keyCookies,
      ignoredCookies,
      replayedCookies,
      freshMs: SHARED_PAGE_FRESH_MS,
      maxBytes: SHARED_PAGE_CACHE_BYTES,
      maxUrlLength: SHARED_PAGE_MAX_URL,
      tagManager: config.GTM_ID !== undefined,
      signedInShells: Object.keys(signedInShells),
      // The visitor of a signed-in shell, and their data in their copy of the page (decision record 0014).
      // Installed by instrumentation.ts: it needs the auth module, which lives in Next's server bundle.
      visitShell: async ({ cookieHeader, routeKey, locale }) => {
        const visit = peek<ShellVisitor>("shellVisitor");
        if (!visit || !isSignedInShell(routeKey as RouteKey)) return null;
        const part = signedInShells[routeKey as keyof typeof signedInShells];
        const visited = await visit({ cookieHeader, locale: locale as Locale, part });
        return visited && { setCookies: visited.setCookies, bodyEnd: personDataScript(visited.person, personDataUrl(locale, part)) };
      },
      fillToken: pageFillToken(),
      log: ({ event, ...fields }) => log.info(String(event), fields),
    })
  : null;
if (pageCache) registerSharedPageCache(pageCache);

await app.prepare();

const server = createServer((req, res) => {
  const started = process.hrtime.bigint();
  // The router, the page cache and the log see one spelling of the path (`/%70/x` is `/p/x`), so the log
  // redacts what the route is (src/server/http/normalize-path.ts).
  req.url = normalizeRequestTarget(req.url ?? "/");
  const requestId = randomUUID();
  res.setHeader("x-request-id", requestId);
  // Rate limits key on the first X-Forwarded-For entry. Without a trusted proxy that is the socket
  // address; behind one it is the address the proxy appended (the last entry), never what the client sent.
  const forwarded = String(req.headers["x-forwarded-for"] ?? "").split(",").map((a) => a.trim()).filter(Boolean);
  req.headers["x-forwarded-for"] = config.TRUST_PROXY && forwarded.length > 0 ? forwarded[forwarded.length - 1]! : (req.socket.remoteAddress ?? "");
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // The path as sent is the client's text: a long one is cut, never logged whole.
    const sent = req.url?.split("?")[0] ?? "";
    log.info("http.request", { requestId, method: req.method, path: sent.length > 200 ? `${sent.slice(0, 200)}…` : sent, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
  });
  if (refuseMalformedRequest(req, res, isPublicFile)) return;
  if (servePrecompressed(req, res)) return;
  const render = () => void handle(req, res);
  if (!pageCache) return render();
  // The cache must never be why a page fails: on any error of its own, the page is rendered as without it.
  pageCache.handle(req, res, render).catch((error: unknown) => {
    log.error("page_cache.error", { requestId, error: error instanceof Error ? error.message : String(error) });
    if (!res.headersSent) render();
  });
});

// A client reusing an idle keep-alive connection at the moment the server closes it gets ECONNRESET. Node closes
// idle connections after 5 s; clients and proxies keep theirs longer (browsers and load balancers about 60 s), so
// the server waits longer than they do and is never the side that closes first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.on("clientError", answerClientError);

// A port that is taken (another server already runs there) ends this one: it must not go on with a worker and
// no one to serve.
server.on("error", (error) => {
  log.error("server.listen_failed", { port: config.PORT, error });
  void shutdown("listen_failed", 1);
});

server.listen(config.PORT, config.HOST, () => {
  log.info("server.listening", { url: config.appUrl, port: config.PORT });
});

let stopping = false;
async function shutdown(signal: string, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  log.info("server.stopping", { signal });
  server.close();
  // Open event streams would keep close() waiting forever; requests in flight get a second to finish.
  setTimeout(() => server.closeAllConnections(), 1000).unref();
  // Running jobs are handed back to the queue before the database closes, so a restart resumes them.
  try {
    await peek<{ stop(): Promise<void> }>("worker")?.stop();
    await (await peek<Promise<{ close(): Promise<void> }>>("db"))?.close();
  } finally {
    process.exit(exitCode);
  }
}
// `kill -USR2 <pid>` logs where the memory is: the JS heap (Next's caches, our modules), ArrayBuffers (the
// embedded database's WebAssembly memory, image buffers) and the rest of RSS (V8's code, native libraries
// such as libvips, malloc). bench/memory.ts reads it.
process.on("SIGUSR2", () => {
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const usage = process.memoryUsage();
  log.info("server.memory", {
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
  });
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// Whoever read our output is gone (a closed pipe: a supervisor or a test runner that died). Every line would
// fail, and Next's handler of uncaught errors would log that failure again, for ever, at full CPU: stop instead.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") void shutdown("EPIPE");
  });
}
