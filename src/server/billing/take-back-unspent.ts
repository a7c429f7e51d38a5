import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { payment, team, user } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { applyLedgerEntry } from "@/server/tokens/apply-ledger-entry";

/**
 * Takes up to `due` tokens from the balance the payment filled (the person's, or the team's pool), as far as they
 * are unspent: never below zero. Returns how many it took; one ledger entry (an adjustment) under the key.
 */
export async function takeBackUnspent(tx: DbOrTx, paid: typeof payment.$inferSelect, due: number, idempotencyKey: string, reference: string): Promise<number> {
  // A closed team or a deleted account has no balance left to take from.
  const owner = paid.teamId
    ? await tx.select({ balance: team.balance }).from(team).where(eq(team.id, paid.teamId))
    : await tx.select({ id: user.id }).from(user).where(eq(user.id, paid.userId));
  if (owner.length === 0) return 0;
  let amount = due;
  for (;;) {
    try {
      const result = await applyLedgerEntry(tx, { userId: paid.userId, teamId: paid.teamId, kind: "adjustment", amount: -amount, idempotencyKey, reference });
      return result.applied ? amount : 0;
    } catch (error) {
      // Fewer tokens left than due: take what there is (the error says how many, under the owner's lock).
      if (!isAppError(error) || error.code !== "INSUFFICIENT_TOKENS") throw error;
      const balance = Number(error.details.balance);
      if (balance <= 0) return 0;
      amount = Math.min(amount, balance);
    }
  }
}
