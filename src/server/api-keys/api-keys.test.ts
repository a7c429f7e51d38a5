import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_PATTERN } from "@/config/api";
import type { Handle } from "@/server/db/client";
import { apiKey } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey } from "./create-api-key";
import { hashApiKey } from "./hash-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";

async function refusal(work: Promise<unknown>) {
  const error = await work.then(() => null, (e: unknown) => e);
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, ...error.details };
}

describe("hashApiKey", () => {
  it("is the hex SHA-256 of the whole secret (a published test vector)", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("API keys on pglite", () => {
  let handle: Handle;
  let ownerId: string;
  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    ownerId = await insertUser(handle);
  });
  afterAll(() => handle.close());

  const authenticate = (secret: string | null, scope: "read" | "generate" = "read", now?: Date) =>
    authenticateApiKey({ db: handle.db, authorization: secret === null ? null : `Bearer ${secret}`, scope, clientAddress: "203.0.113.7", now });

  it("shows the secret once, in a scanner-friendly shape, and keeps only its hash", async () => {
    const { key, secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "CRM", scopes: ["read", "read", "generate"] } });
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(secret.startsWith("az_live_")).toBe(true);
    expect(key.prefix).toBe(secret.slice(0, 14));
    expect(key.scopes).toEqual(["read", "generate"]);
    const [row] = await handle.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(row!.secretHash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(14));
    expect(JSON.stringify(await listApiKeys({ db: handle.db, ownerId }))).not.toContain(secret.slice(14));
    const { secret: test } = await createApiKey({ db: handle.db, ownerId, input: { name: "sandbox", mode: "test", scopes: ["read"] } });
    expect(test.startsWith("az_test_")).toBe(true);
  });

  it("lets a key in with its scopes and records its last use", async () => {
    const { key, secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "reader", scopes: ["read"] } });
    const caller = await authenticate(secret);
    expect(caller).toMatchObject({ keyId: key.id, ownerId, mode: "live", scopes: ["read"] });
    const [row] = await handle.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(row!.lastUsedAddress).toBe("203.0.113.7");
    expect(row!.lastUsedAt).not.toBeNull();
    expect(await refusal(authenticate(secret, "generate"))).toEqual({ code: "FORBIDDEN", reason: "missingScope", scope: "generate" });
  });

  it("refuses a missing, malformed or unknown key without echoing it", async () => {
    expect(await refusal(authenticate(null))).toEqual({ code: "UNAUTHORIZED", reason: "apiKeyMissing" });
    expect(await refusal(authenticate("az_live_short"))).toEqual({ code: "UNAUTHORIZED", reason: "apiKeyInvalid" });
    expect(await refusal(authenticate(`az_live_${"A".repeat(43)}`))).toEqual({ code: "UNAUTHORIZED", reason: "apiKeyInvalid" });
  });

  it("refuses an expired key, and an expiry already past at creation", async () => {
    const now = new Date();
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "day", scopes: ["read"], expiresAt: new Date(now.getTime() + 60_000) } });
    await expect(authenticate(secret, "read", now)).resolves.toBeTruthy();
    expect(await refusal(authenticate(secret, "read", new Date(now.getTime() + 61_000)))).toEqual({ code: "UNAUTHORIZED", reason: "apiKeyExpired" });
    expect(await refusal(createApiKey({ db: handle.db, ownerId, input: { name: "past", scopes: ["read"], expiresAt: new Date(now.getTime() - 1) } }))).toEqual({
      code: "INVALID_INPUT",
      field: "expiresAt",
      reason: "expiryPassed",
    });
  });

  it("refuses a revoked key at once, and only its owner may revoke it", async () => {
    const { key, secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "gone", scopes: ["read"] } });
    const stranger = await insertUser(handle);
    expect(await refusal(revokeApiKey({ db: handle.db, ownerId: stranger, keyId: key.id }))).toEqual({ code: "NOT_FOUND" });
    await expect(authenticate(secret)).resolves.toBeTruthy();
    await revokeApiKey({ db: handle.db, ownerId, keyId: key.id });
    expect(await refusal(authenticate(secret))).toEqual({ code: "UNAUTHORIZED", reason: "apiKeyRevoked" });
    expect((await listApiKeys({ db: handle.db, ownerId })).find((k) => k.id === key.id)?.state).toBe("revoked");
  });

  it("refuses a key without a name or a scope", async () => {
    expect(await refusal(createApiKey({ db: handle.db, ownerId, input: { name: " ", scopes: ["read"] } }))).toMatchObject({ code: "INVALID_INPUT", field: "name" });
    expect(await refusal(createApiKey({ db: handle.db, ownerId, input: { name: "x", scopes: [] } }))).toMatchObject({ code: "INVALID_INPUT", field: "scopes" });
  });
});
