import { describe, expect, it, vi } from "vitest";
import { tokenAccount } from "@/server/db/schema";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";

let user: { id: string } | null = null;
vi.mock("@/web/server/api", () => ({ apiUser: async () => user }));

const { GET } = await import("~/app/api/me/route");
const noParams = { params: Promise.resolve({}) };
const ask = (query: string) => GET(new Request(`http://localhost/api/me${query}`), noParams);

describe("GET /api/me", () => {
  const db = useInstalledPglite();

  it("answers the signed-in person's data with the part asked for, never cached", async () => {
    const userId = await insertUser(db(), { email: "me@example.test" });
    await db().db.insert(tokenAccount).values({ userId, balance: 2 });
    user = { id: userId };
    const answer = await ask("?locale=en&with=batches");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toMatchObject({ balance: 2, batches: [], gallery: null, menu: { email: "me@example.test", tokensLabel: "2 tokens" } });
  });

  it("refuses a visitor (401), a bad query (400, naming the field) and an account that is gone (401)", async () => {
    user = null;
    expect((await ask("?locale=pl")).status).toBe(401);
    user = { id: "gone" };
    const bad = await ask("?locale=de");
    expect([bad.status, (await bad.json()).error.details.field]).toEqual([400, "locale"]);
    expect((await ask("?locale=pl&with=gallery")).status).toBe(401);
  });
});
