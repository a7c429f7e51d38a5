import { describe, expect, it, vi } from "vitest";

vi.mock("@/web/server/api", () => ({ apiUser: async () => null }));

const index = await import("~/app/api/listings/route");
const one = await import("~/app/api/listings/[id]/route");

describe("the listings API to a visitor", () => {
  it("answers the index 401, as other routes do, and a listing's own route 404, as another account's listing", async () => {
    const noParams = { params: Promise.resolve({}) };
    const listed = await index.GET(new Request("http://localhost/api/listings"), noParams);
    const created = await index.POST(new Request("http://localhost/api/listings", { method: "POST", body: JSON.stringify({ name: "Złota 44" }) }), noParams);
    expect([listed.status, created.status]).toEqual([401, 401]);
    expect((await listed.json()).error.code).toBe("UNAUTHORIZED");
    const opened = await one.GET(new Request("http://localhost/api/listings/some-id"), { params: Promise.resolve({ id: "some-id" }) });
    expect(opened.status).toBe(404);
  });
});
