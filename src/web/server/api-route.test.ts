import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

let user: { id: string } | null = null;
const apiUser = vi.fn(async () => user);
vi.mock("./api", () => ({ apiUser }));

const { otherMethods, publicRoute, userRoute, webhookRoute } = await import("./api-route");

const noParams = { params: Promise.resolve({}) };
const ok = async () => new Response("ok");

describe("route handler shapes", () => {
  beforeEach(() => {
    user = null;
    apiUser.mockClear();
  });

  it("answers a visitor UNAUTHORIZED, or NOT_FOUND where the route asks for it, without running the handler", async () => {
    const handler = vi.fn(ok);
    const signedIn = await userRoute({}, handler)(new Request("http://localhost/api/x"), noParams);
    const hidden = await userRoute({ visitor: "NOT_FOUND" }, handler)(new Request("http://localhost/api/x"), noParams);
    expect([signedIn.status, (await signedIn.json()).error.code]).toEqual([401, "UNAUTHORIZED"]);
    expect([hidden.status, (await hidden.json()).error.code]).toEqual([404, "NOT_FOUND"]);
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a cross-site upload before asking for the session when the route checks the origin", async () => {
    user = { id: "u1" };
    const request = new Request("http://localhost:3000/api/images", { method: "POST", headers: { origin: "https://evil.example", host: "localhost:3000" } });
    const answer = await userRoute({ checkOrigin: true }, ok)(request, noParams);
    const { error } = await answer.json();
    // The same sentence as the proxy's refusal of a cross-site call.
    expect([answer.status, error.code, error.details.reason]).toEqual([403, "FORBIDDEN", "crossOrigin"]);
    expect(apiUser).not.toHaveBeenCalled();
  });

  it("hands the parsed body and the params to a public handler, and names the first bad field", async () => {
    const route = publicRoute<{ n: number }, { id: string }>({ body: z.object({ n: z.number() }) }, async ({ body, params }) => Response.json({ n: body.n, id: params.id }));
    const post = (body: unknown) => route(new Request("http://localhost/api/x", { method: "POST", body: JSON.stringify(body) }), { params: Promise.resolve({ id: "a" }) });
    expect(await (await post({ n: 2 })).json()).toEqual({ n: 2, id: "a" });
    const refused = await post({ n: "2" });
    expect([refused.status, (await refused.json()).error]).toMatchObject([400, { code: "INVALID_INPUT", details: { field: "n" } }]);
  });

  it("gives a webhook the raw body and turns an unexpected failure into a 500 without its message", async () => {
    const seen: string[] = [];
    const route = webhookRoute({ context: "test.webhook" }, async ({ rawBody }) => {
      seen.push(rawBody);
      throw new Error("database password in here");
    });
    const answer = await route(new Request("http://localhost/api/webhooks/x", { method: "POST", body: '{"a": 1}' }));
    expect(seen).toEqual(['{"a": 1}']);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(await answer.json())).not.toContain("password");
  });
});

describe("otherMethods", () => {
  it("refuses a method the route does not serve with 405, a translated sentence and Allow; OPTIONS says the same", async () => {
    const others = otherMethods("GET", "POST");
    const refused = others.DELETE(new Request("http://localhost/api/x", { method: "DELETE", headers: { referer: "http://localhost/en/design" } }));
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    expect(await refused.json()).toEqual({ error: { code: "METHOD_NOT_ALLOWED", details: { method: "DELETE" }, message: "This address does not accept DELETE requests." } });
    const options = others.OPTIONS(new Request("http://localhost/api/x", { method: "OPTIONS" }));
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, HEAD, OPTIONS, POST"]);
    // Without GET, HEAD is refused too (Next would answer it from GET).
    const postOnly = otherMethods("POST");
    expect(Object.keys(postOnly).sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "PUT"]);
    expect(postOnly.HEAD(new Request("http://localhost/api/x", { method: "HEAD" })).headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("answers every method in every route file: its own handlers, and otherMethods (v1OtherMethods under /api/v1) for the rest", () => {
    const api = path.join(process.cwd(), "app/api");
    const files = readdirSync(api, { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === "route.ts");
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const source = readFileSync(path.join(api, file), "utf8");
      const own = [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b|as (GET|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map((m) => m[1] ?? m[2]);
      const refused = /export const \{([^}]*)\} = (?:otherMethods|v1OtherMethods)\(([^)]*)\)/.exec(source);
      // Only a route that answers every method itself (the JSON 404 for unknown addresses) goes without.
      if (refused) {
        const served = [...refused[2]!.matchAll(/"(\w+)"/g)].map((m) => m[1]);
        expect(served.sort(), `${file}: otherMethods names what it serves`).toEqual([...new Set(own)].sort());
      }
      const answered = new Set([...own, ...(refused?.[1]!.split(",").map((name) => name.trim()) ?? [])]);
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(answered.has(method), `${file} answers ${method}`).toBe(true);
    }
  });
});
