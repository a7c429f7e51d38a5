import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CACHE_STATUS_HEADER, inlineScriptHashes, sharedPageCache } from "./shared-page-cache";

const OWN_SCRIPT = "self.__next_f.push([1,'ok'])";
const INJECTED = "alert(document.cookie)";
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

type Render = (req: IncomingMessage, res: ServerResponse, nonce: string) => void;

/** A page the way Next answers it: a nonce policy, the nonce on its own scripts, NEXT_LOCALE remembered. */
const nextLikePage: Render = (req, res, nonce) => {
  res.writeHead(200, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "set-cookie": "NEXT_LOCALE=pl; Path=/",
    "x-content-type-options": "nosniff",
  });
  // A comment's text that got through as markup has no nonce: it must stay blocked.
  res.end(`<html><head><script nonce="${nonce}">${OWN_SCRIPT}</script><script src="/_next/static/a.js" nonce="${nonce}"></script></head><body>${req.url}<script>${INJECTED}</script></body></html>`);
};

let server: Server | undefined;
let clock = 0;

type ShellOptions = { visitShell?: (request: { cookieHeader: string; routeKey: string; locale: string }) => Promise<{ setCookies: string[]; bodyEnd: string } | null> };

async function start(render: Render = nextLikePage, options: { freshMs?: number; maxBytes?: number } & ShellOptions = {}) {
  let renders = 0;
  const cache = sharedPageCache({
    origin: () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`,
    sharedPages: ["/", "/blog/[...slug]"],
    keyCookies: ["consent", "NEXT_LOCALE"],
    ignoredCookies: /^_ga$/,
    replayedCookies: ["NEXT_LOCALE"],
    freshMs: options.freshMs ?? 15_000,
    maxBytes: options.maxBytes ?? 1_000_000,
    maxUrlLength: 100,
    tagManager: false,
    signedInShells: ["/design"],
    visitShell: options.visitShell,
    fillToken: "fill-token",
    now: () => clock,
  });
  server = createServer((req, res) => {
    void cache.handle(req, res, () => {
      renders++;
      render(req, res, `n${renders}`);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, cache, renders: () => renders };
}

afterEach(async () => {
  clock = 0;
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

describe("shared-page cache", () => {
  it("renders a shared page once and answers the next visitors from memory, with a hash policy", async () => {
    const { base, renders } = await start();
    const first = await fetch(`${base}/`);
    const second = await fetch(`${base}/`);
    expect(renders()).toBe(1);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    const policy = second.headers.get("content-security-policy")!;
    expect(policy).toContain(`script-src 'self' 'sha256-${sha(OWN_SCRIPT)}'`);
    expect(policy).not.toContain(sha(INJECTED));
    expect(policy).not.toMatch(/nonce|strict-dynamic/);
    expect(second.headers.get("set-cookie")).toBe("NEXT_LOCALE=pl; Path=/");
    expect(second.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("renders from the key alone: a visitor's Host or User-Agent cannot change what others get", async () => {
    const { base } = await start((req, res, nonce) => {
      res.writeHead(200, { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'` });
      res.end(`${req.headers.host} ${req.headers["user-agent"] ?? "-"}`);
    });
    const { request } = await import("node:http");
    const poisoned = await new Promise<string>((resolve, reject) => {
      const req = request(`${base}/`, { headers: { host: "evil.example", "user-agent": "Evil" } }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      });
      req.on("error", reject);
      req.end();
    });
    expect(poisoned).not.toMatch(/evil|Evil/);
    expect(await (await fetch(`${base}/`)).text()).toBe(poisoned);
  });

  it("lets a crowd arriving before the first render share that one render", async () => {
    const { base, renders } = await start();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/`)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(renders()).toBe(1);
  });

  it("renders per request for an account, the client router, state changes and other pages", async () => {
    const { base, renders } = await start();
    await fetch(`${base}/`);
    const session = await fetch(`${base}/`, { headers: { cookie: "better-auth.session_token=abc; _ga=1" } });
    expect(session.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    expect(session.headers.get("content-security-policy")).toMatch(/'nonce-n\d+'/);
    await fetch(`${base}/`, { headers: { rsc: "1" } });
    await fetch(`${base}/`, { method: "POST", body: "x" });
    await fetch(`${base}/design`);
    await fetch(`${base}/design`);
    expect(renders()).toBe(6);
  });

  it("answers a signed-in shell from memory to each confirmed session, rendered once for its path alone, with their own data", async () => {
    const fills: { cookie?: string; fill?: string; url?: string }[] = [];
    const visitors: Record<string, { setCookies: string[]; bodyEnd: string }> = {
      "session=a": { setCookies: [], bodyEnd: '<script type="application/json">"a"</script>' },
      "session=b": { setCookies: ["session=b2; Path=/; HttpOnly"], bodyEnd: '<script type="application/json">"b"</script>' },
    };
    const asked: { routeKey: string; locale: string }[] = [];
    const { base, renders } = await start(
      (req, res, nonce) => {
        fills.push({ cookie: req.headers.cookie, fill: req.headers["x-shared-page-fill"] as string | undefined, url: req.url });
        nextLikePage(req, res, nonce);
      },
      {
        visitShell: async ({ cookieHeader, routeKey, locale }) => {
          asked.push({ routeKey, locale });
          return visitors[cookieHeader.split("; ").find((c) => c.startsWith("session="))!] ?? null;
        },
      },
    );
    const first = await fetch(`${base}/design?image=abc`, { headers: { cookie: "session=a; NEXT_LOCALE=pl" } });
    const second = await fetch(`${base}/design`, { headers: { cookie: "session=b; NEXT_LOCALE=pl", "accept-encoding": "gzip" } });
    const plain = await fetch(`${base}/design`, { headers: { cookie: "session=b; NEXT_LOCALE=pl", "accept-encoding": "identity" } });
    expect(renders()).toBe(1);
    expect(asked[0]).toEqual({ routeKey: "/design", locale: "pl" });
    // The fill names the page alone: no session, no query, the process's token so the proxy lets it through.
    expect(fills).toEqual([{ cookie: "NEXT_LOCALE=pl", fill: "fill-token", url: "/design" }]);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    // Each visitor's copy carries their data just before </body>, compressed for them; the rest is the shared page.
    const [a, b] = [await first.text(), await second.text()];
    expect(a).toMatch(/<script>alert\(document\.cookie\)<\/script><script type="application\/json">"a"<\/script><\/body>/);
    expect(b.replace('"b"', '"a"')).toBe(a);
    expect(await plain.text()).toBe(b);
    expect(second.headers.get("content-security-policy")).toContain(`'sha256-${sha(OWN_SCRIPT)}'`);
    // A session the check rolled gets its new cookie with the page, beside the replayed one.
    expect(second.headers.getSetCookie()).toEqual(["NEXT_LOCALE=pl; Path=/", "session=b2; Path=/; HttpOnly"]);
    expect(first.headers.getSetCookie()).toEqual(["NEXT_LOCALE=pl; Path=/"]);
  });

  it("renders a signed-in shell for a visitor without a live session (the proxy sends them to sign in)", async () => {
    const { base, renders } = await start(nextLikePage, { visitShell: async () => null });
    for (const cookie of [undefined, "session=ended"]) {
      const answer = await fetch(`${base}/design`, { headers: cookie ? { cookie } : {} });
      expect(answer.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    }
    expect(renders()).toBe(2);
  });

  it("keys on the cookies that change a page and ignores analytics ones", async () => {
    const { base, renders } = await start();
    await fetch(`${base}/`);
    expect((await fetch(`${base}/`, { headers: { cookie: "_ga=GA1.1" } })).headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    await fetch(`${base}/`, { headers: { cookie: "consent=yes" } });
    await fetch(`${base}/`, { headers: { cookie: "_ga=2; consent=yes" } });
    await fetch(`${base}/?a=1`);
    expect(renders()).toBe(3);
  });

  it("never caches an answer that is not a plain 200 page for everyone", async () => {
    let status = 404;
    const { base, renders } = await start((req, res, nonce) => {
      if (status === 404) {
        res.writeHead(404, { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'` });
        res.end("not found");
      } else {
        res.writeHead(200, { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'`, "set-cookie": "private=1" });
        res.end("yours");
      }
    });
    expect((await fetch(`${base}/blog/nope`)).status).toBe(404);
    expect((await fetch(`${base}/blog/nope`)).status).toBe(404);
    // The first visitor's render filled nothing, so it was rendered for them too; after that, directly.
    expect(renders()).toBe(3);
    status = 200;
    const own = await fetch(`${base}/blog/mine`);
    expect(own.headers.get("set-cookie")).toBe("private=1");
    expect(own.headers.get(CACHE_STATUS_HEADER)).toBeNull();
  });

  it("serves a stale page while one render refreshes it", async () => {
    let version = "v1";
    const { base, renders } = await start((req, res, nonce) => {
      res.writeHead(200, { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'` });
      res.end(version);
    }, { freshMs: 1000 });
    await fetch(`${base}/`);
    version = "v2";
    clock = 1500;
    const stale = await fetch(`${base}/`);
    expect(stale.headers.get(CACHE_STATUS_HEADER)).toBe("stale");
    expect(await stale.text()).toBe("v1");
    await expect.poll(async () => (await fetch(`${base}/`)).text()).toBe("v2");
    expect(renders()).toBe(2);
  });

  it("forgets every page when what they show changes, including a render begun before the change", async () => {
    let version = "v1";
    let release: () => void = () => {};
    let hold = false;
    const { base, cache, renders } = await start((req, res, nonce) => {
      const body = version;
      const answer = () => {
        res.writeHead(200, { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'` });
        res.end(body);
      };
      if (hold) release = answer;
      else answer();
    });
    await fetch(`${base}/`);
    version = "v2";
    cache.clear();
    expect(await (await fetch(`${base}/`)).text()).toBe("v2");
    // A render that read the page before a change and finishes after it is not kept, nor sent: its visitor
    // gets a render of their own.
    hold = true;
    cache.clear();
    const early = fetch(`${base}/`);
    await expect.poll(() => renders()).toBe(3);
    version = "v3";
    cache.clear();
    hold = false;
    release();
    expect(await (await early).text()).toBe("v3");
    expect(cache.size().pages).toBe(0);
    expect(await (await fetch(`${base}/`)).text()).toBe("v3");
  });

  it("forgets only the pages at the given paths, with any query or key cookie, and keeps the rest", async () => {
    const { base, cache, renders } = await start();
    for (const url of ["/", "/blog/a", "/blog/a?page=2", "/blog/b", "/blog/%C5%BC"]) await fetch(`${base}${url}`);
    await fetch(`${base}/blog/a`, { headers: { cookie: "consent=all" } });
    expect(renders()).toBe(6);
    cache.forgetPaths(["/blog/a", "/blog/%C5%BC"]);
    expect(cache.size().pages).toBe(2);
    for (const url of ["/", "/blog/b"]) expect((await fetch(`${base}${url}`)).headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    await fetch(`${base}/blog/a`);
    expect(renders()).toBe(7);
  });

  it("sends Brotli, gzip or plain as the browser accepts, and no body to HEAD", async () => {
    const { base } = await start();
    const plain = await (await fetch(`${base}/`)).text();
    const raw = (encoding: string, method = "GET") =>
      new Promise<{ headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
        import("node:http").then(({ request }) => {
          const req = request(`${base}/`, { method, headers: { "accept-encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          });
          req.on("error", reject);
          req.end();
        }, reject);
      });
    const br = await raw("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(plain);
    const gz = await raw("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(plain);
    const identity = await raw("identity");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toBe(plain);
    const head = await raw("br", "HEAD");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(br.body.length));
  });

  it("keeps within its byte budget, dropping the least recently served page", async () => {
    // Room for two pages: the size of one, measured on a first cache.
    const probe = await start(nextLikePage);
    await fetch(`${probe.base}/?page=0`);
    const onePage = probe.cache.size().bytes;
    server!.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    const budget = Math.floor(onePage * 2.5);
    const { base, cache, renders } = await start(nextLikePage, { maxBytes: budget });
    await fetch(`${base}/?page=1`);
    await fetch(`${base}/?page=2`);
    expect(cache.size().pages).toBe(2);
    await fetch(`${base}/?page=1`); // served, so now the most recent
    await fetch(`${base}/?page=3`);
    expect(cache.size().bytes).toBeLessThanOrEqual(budget);
    expect(renders()).toBe(3);
    expect((await fetch(`${base}/?page=1`)).headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    expect(renders()).toBe(3);
    await fetch(`${base}/?page=2`); // the one dropped: rendered again
    expect(renders()).toBe(4);
  });

  it("counts the bytes of a page that turns uncacheable out of its budget", async () => {
    let status = 200;
    const { base, cache } = await start((req, res, nonce) => {
      res.writeHead(status, { "content-type": "text/html", "content-security-policy": `script-src 'nonce-${nonce}'` });
      res.end("page");
    }, { freshMs: 1000 });
    await fetch(`${base}/`);
    expect(cache.size().bytes).toBeGreaterThan(0);
    status = 500;
    clock = 2000;
    await fetch(`${base}/`); // stale, and its refresh finds the page failing
    await expect.poll(() => cache.size()).toEqual({ pages: 0, bytes: 0 });
  });
});

describe("inline script hashes", () => {
  it("hashes the text of inline scripts that carry the nonce, and nothing else", () => {
    const html = `<script nonce="a+b/c=" id="_R_">one()</script><script nonce="other">two()</script><script>three()</script><script src="/x.js" nonce="a+b/c="></script><SCRIPT nonce="a+b/c=">\nfour()\n</SCRIPT>`;
    expect(inlineScriptHashes(html, "a+b/c=")).toEqual([sha("one()"), sha("\nfour()\n")]);
  });
});
