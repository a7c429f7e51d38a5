import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Handle } from "@/server/db/client";
import { tokenLedger } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { getBalance } from "./get-balance";
import { grantTokens } from "./grant-tokens";
import { spendTokens } from "./spend-tokens";
import { refundToken } from "./refund-token";

describe.each(testDatabases())("token ledger on $name", ({ open }) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("grants once per idempotency key", async () => {
    const userId = await insertUser(handle);
    const first = await grantTokens({ db: handle.db, userId, amount: 3, kind: "grant", idempotencyKey: `g:${userId}` });
    const again = await grantTokens({ db: handle.db, userId, amount: 3, kind: "grant", idempotencyKey: `g:${userId}` });
    expect(first).toEqual({ applied: true, balance: 3 });
    expect(again).toEqual({ applied: false, balance: 3 });
    expect(await getBalance({ db: handle.db, userId })).toBe(3);
  });

  it("spends a batch all or nothing and reports balance and attempted amount", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 3, kind: "grant", idempotencyKey: `g:${userId}` });
    const error = await spendTokens({ db: handle.db, userId, amount: 5, idempotencyKey: `b1:${userId}` }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INSUFFICIENT_TOKENS");
    expect((error as AppError).details).toEqual({ balance: 3, attempted: 5 });
    expect(await getBalance({ db: handle.db, userId })).toBe(3);

    expect(await spendTokens({ db: handle.db, userId, amount: 2, idempotencyKey: `b2:${userId}` })).toEqual({ applied: true, balance: 1 });
    const entries = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(entries.map((e) => [e.kind, e.amount, e.balanceAfter]).sort()).toEqual([
      ["grant", 3, 3],
      ["spend", -2, 1],
    ]);
  });

  it("refunds a failed visualization exactly once", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 1, kind: "grant", idempotencyKey: `g:${userId}` });
    await spendTokens({ db: handle.db, userId, amount: 1, idempotencyKey: `b:${userId}` });
    await refundToken({ db: handle.db, userId, idempotencyKey: `refund:v1:${userId}` });
    await refundToken({ db: handle.db, userId, idempotencyKey: `refund:v1:${userId}` });
    expect(await getBalance({ db: handle.db, userId })).toBe(1);
  });

  it("lets exactly 3 of 50 concurrent spends through a balance of 3", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 3, kind: "grant", idempotencyKey: `g:${userId}` });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => spendTokens({ db: handle.db, userId, amount: 1, idempotencyKey: `c${i}:${userId}` })),
    );
    const succeeded = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(succeeded).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_TOKENS" });
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("refuses a key that another user's entry holds", async () => {
    const first = await insertUser(handle);
    const second = await insertUser(handle);
    await grantTokens({ db: handle.db, userId: first, amount: 1, kind: "grant", idempotencyKey: `shared:${first}` });
    await expect(grantTokens({ db: handle.db, userId: second, amount: 1, kind: "grant", idempotencyKey: `shared:${first}` })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await getBalance({ db: handle.db, userId: second })).toBe(0);
  });

  it("never changes an entry once written", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 1, kind: "grant", idempotencyKey: `g:${userId}` });
    await expect(handle.db.update(tokenLedger).set({ amount: 100 }).where(eq(tokenLedger.userId, userId))).rejects.toThrow();
  });

  it("never stores a negative balance, even when written around the ledger", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 1, kind: "grant", idempotencyKey: `g:${userId}` });
    const { tokenAccount } = await import("@/server/db/schema");
    await expect(handle.db.update(tokenAccount).set({ balance: -1 }).where(eq(tokenAccount.userId, userId))).rejects.toThrow();
  });
});
