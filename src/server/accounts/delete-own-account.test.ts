import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { Handle } from "@/server/db/client";
import { account, user } from "@/server/db/schema";
import { installDatabase, insertUser, testDatabases } from "~/tests/support/databases";
import { deleteOwnAccount, type PasswordVerdict } from "./delete-own-account";

describe.each(testDatabases())("deleting one's own account on $name", ({ open }) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await open();
    installDatabase(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  async function userWithPassword() {
    const userId = await insertUser(handle);
    await handle.db.insert(account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: "hash", createdAt: new Date(), updatedAt: new Date() });
    return userId;
  }
  const exists = async (userId: string) => (await handle.db.select().from(user).where(eq(user.id, userId))).length === 1;
  const verdict = (value: PasswordVerdict) => vi.fn(async () => value);

  it("asks an account with a password for it: a wrong one (or none) deletes nothing", async () => {
    const userId = await userWithPassword();
    await expect(deleteOwnAccount({ userId, password: "nie-to", verifyPassword: verdict("wrong") })).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "wrongPassword" } });
    const unasked = verdict("ok");
    await expect(deleteOwnAccount({ userId, password: "", verifyPassword: unasked })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(unasked).not.toHaveBeenCalled();
    await expect(deleteOwnAccount({ userId, password: "x", verifyPassword: verdict("rateLimited") })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await exists(userId)).toBe(true);

    await deleteOwnAccount({ userId, password: "tajne-haslo-1", verifyPassword: verdict("ok") });
    expect(await exists(userId)).toBe(false);
  });

  it("deletes an account without a password (Google only) without asking", async () => {
    const userId = await insertUser(handle);
    const verify = verdict("wrong");
    await deleteOwnAccount({ userId, password: "", verifyPassword: verify });
    expect(verify).not.toHaveBeenCalled();
    expect(await exists(userId)).toBe(false);
  });
});
