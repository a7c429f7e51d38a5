import "server-only";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { tokenAccount, tokenLedger, type LedgerKind } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export type LedgerEntryInput = {
  userId: string;
  kind: LedgerKind;
  /** Positive adds tokens, negative takes them. */
  amount: number;
  idempotencyKey: string;
  reference?: string;
};

export type LedgerResult = { applied: boolean; balance: number };

/**
 * The only writer of balances. Locks the user's account row, so entries of one user apply one at a
 * time on PostgreSQL and on PGlite; a key seen before returns the current balance and changes nothing;
 * a change that would go below zero throws INSUFFICIENT_TOKENS and changes nothing.
 */
export async function applyLedgerEntry(db: DbOrTx, entry: LedgerEntryInput): Promise<LedgerResult> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new AppError("INVALID_INPUT", { field: "amount" });
  return db.transaction(async (tx) => {
    await tx.insert(tokenAccount).values({ userId: entry.userId, balance: 0 }).onConflictDoNothing();
    const [account] = await tx
      .select({ balance: tokenAccount.balance })
      .from(tokenAccount)
      .where(eq(tokenAccount.userId, entry.userId))
      .for("update");
    const balance = account?.balance ?? 0;

    // Checked under the row lock, so two retries of one key cannot both pass. Keys are global: one that
    // another user's entry already holds is a caller's bug, not a retry.
    const [seen] = await tx
      .select({ userId: tokenLedger.userId })
      .from(tokenLedger)
      .where(eq(tokenLedger.idempotencyKey, entry.idempotencyKey))
      .limit(1);
    if (seen && seen.userId !== entry.userId) throw new AppError("CONFLICT", { idempotencyKey: entry.idempotencyKey });
    if (seen) return { applied: false, balance };

    const next = balance + entry.amount;
    if (next < 0) throw new AppError("INSUFFICIENT_TOKENS", { balance, attempted: -entry.amount });

    await tx
      .update(tokenAccount)
      .set({ balance: next, updatedAt: sql`now()` })
      .where(eq(tokenAccount.userId, entry.userId));
    await tx.insert(tokenLedger).values({
      userId: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter: next,
      idempotencyKey: entry.idempotencyKey,
      reference: entry.reference ?? null,
    });
    return { applied: true, balance: next };
  });
}
