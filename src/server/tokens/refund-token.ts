import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { applyLedgerEntry, type LedgerResult } from "./apply-ledger-entry";

/** Gives back one token for a visualization that finally failed; the key (e.g. `refund:<visualization id>`) makes it happen once. */
export async function refundToken(options: { userId: string; teamId?: string | null; idempotencyKey: string; reference?: string; db?: DbOrTx }): Promise<LedgerResult> {
  const db = options.db ?? (await getDb());
  return applyLedgerEntry(db, { ...options, kind: "refund", amount: 1 });
}
