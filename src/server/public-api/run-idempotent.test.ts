import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { isAppError } from "@/server/errors";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { requestFingerprint, runIdempotent } from "./run-idempotent";

describe("runIdempotent on pglite", () => {
  let handle: Handle;
  let keyId: string;
  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    const ownerId = await insertUser(handle);
    keyId = (await createApiKey({ db: handle.db, ownerId, input: { name: "k", scopes: ["generate"] } })).key.id;
  });
  afterAll(() => handle.close());

  const run = (idempotencyKey: string, body: string, work: () => Promise<{ status: number; body: string }>, now?: Date) =>
    runIdempotent({ db: handle.db, keyId, idempotencyKey, fingerprint: requestFingerprint("POST", "/api/v1/visualizations", body), work, now });

  it("answers the same key and body with the first answer, without running the work again", async () => {
    let runs = 0;
    const work = async () => ({ status: 201, body: JSON.stringify({ n: ++runs }) });
    expect(await run("a", '{"x":1}', work)).toEqual({ status: 201, body: '{"n":1}', replayed: false });
    expect(await run("a", '{"x":1}', work)).toEqual({ status: 201, body: '{"n":1}', replayed: true });
    expect(runs).toBe(1);
  });

  it("refuses the same key with another body, or another path", async () => {
    await run("b", '{"x":1}', async () => ({ status: 201, body: "{}" }));
    const other = await run("b", '{"x":2}', async () => ({ status: 201, body: "{}" })).catch((e: unknown) => e);
    expect(isAppError(other, "IDEMPOTENCY_KEY_REUSED")).toBe(true);
    expect(requestFingerprint("POST", "/a", "{}")).not.toBe(requestFingerprint("POST", "/b", "{}"));
  });

  it("keeps a refusal (4xx) but forgets a failure of ours (5xx) or a throw, so a retry runs again", async () => {
    expect((await run("c", "{}", async () => ({ status: 402, body: "short" }))).body).toBe("short");
    expect((await run("c", "{}", async () => ({ status: 201, body: "ok" }))).replayed).toBe(true);
    await run("d", "{}", async () => ({ status: 500, body: "oops" }));
    expect(await run("d", "{}", async () => ({ status: 201, body: "ok" }))).toEqual({ status: 201, body: "ok", replayed: false });
    await expect(run("e", "{}", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect((await run("e", "{}", async () => ({ status: 201, body: "ok" }))).replayed).toBe(false);
  });

  it("says CONFLICT while the first request is still running", async () => {
    let release!: () => void;
    const first = run("f", "{}", () => new Promise((resolve) => (release = () => resolve({ status: 201, body: "ok" }))));
    await new Promise((r) => setTimeout(r, 50));
    const second = await run("f", "{}", async () => ({ status: 201, body: "again" })).catch((e: unknown) => e);
    expect(isAppError(second, "CONFLICT")).toBe(true);
    release();
    expect((await first).body).toBe("ok");
  });

  it("forgets a key after a day", async () => {
    const later = new Date(Date.now() + 25 * 60 * 60_000);
    await run("g", "{}", async () => ({ status: 201, body: "first" }));
    expect(await run("g", '{"other":1}', async () => ({ status: 201, body: "fresh" }), later)).toEqual({ status: 201, body: "fresh", replayed: false });
  });
});
