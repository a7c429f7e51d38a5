import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

let user: { id: string } | null = null;
const apiUser = vi.fn(async () => user);
vi.mock("./api", () => ({ apiUser }));

const { publicRoute, userRoute, webhookRoute } = await import("./api-route");

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
