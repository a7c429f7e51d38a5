import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { applyLedgerEntry, type LedgerResult } from "./apply-ledger-entry";

/** Adds tokens once per idempotency key: a free grant, a purchase, a renewal or a manual adjustment. */
export async function grantTokens(options: {
  userId: string;
  /** Spend from (or fill) this team's pool; userId is then the member (or buyer). */
  teamId?: string | null;
  amount: number;
  kind: "grant" | "purchase" | "renewal" | "adjustment";
  idempotencyKey: string;
  reference?: string;
  db?: DbOrTx;
}): Promise<LedgerResult> {
  if (options.amount <= 0) throw new RangeError("grantTokens needs a positive amount");
  const db = options.db ?? (await getDb());
  return applyLedgerEntry(db, options);
}
