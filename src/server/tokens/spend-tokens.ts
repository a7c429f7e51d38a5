import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { applyLedgerEntry, type LedgerResult } from "./apply-ledger-entry";

/**
 * Spends N tokens for one batch, all or nothing: throws AppError INSUFFICIENT_TOKENS (with balance and
 * attempted amount) when the balance is short. Pass the batch's transaction as `db` so the spend and
 * the batch commit together.
 */
export async function spendTokens(options: {
  userId: string;
  /** Spend from (or fill) this team's pool; userId is then the member (or buyer). */
  teamId?: string | null;
  amount: number;
  idempotencyKey: string;
  reference?: string;
  db?: DbOrTx;
}): Promise<LedgerResult> {
  if (options.amount <= 0) throw new RangeError("spendTokens needs a positive amount");
  const db = options.db ?? (await getDb());
  return applyLedgerEntry(db, { ...options, kind: "spend", amount: -options.amount });
}
