import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { tokenLedger } from "@/server/db/schema";
import { applyLedgerEntry, type LedgerResult } from "./apply-ledger-entry";

/**
 * Gives back one token for a visualization that finally failed; the key (e.g. `refund:<visualization id>`) makes it
 * happen once. With `spentUnder`, the key of the spend it gives back, the token goes to whoever paid it (the person,
 * or the team's pool, credited to the member who spent), whatever `userId` and `teamId` say.
 */
export async function refundToken(options: { userId: string; teamId?: string | null; idempotencyKey: string; reference?: string; spentUnder?: string; db?: DbOrTx }): Promise<LedgerResult> {
  const db = options.db ?? (await getDb());
  const [payer] = options.spentUnder
    ? await db.select({ userId: tokenLedger.userId, teamId: tokenLedger.teamId }).from(tokenLedger).where(eq(tokenLedger.idempotencyKey, options.spentUnder))
    : [];
  return applyLedgerEntry(db, { userId: payer?.userId ?? options.userId, teamId: payer ? payer.teamId : options.teamId, idempotencyKey: options.idempotencyKey, reference: options.reference, kind: "refund", amount: 1 });
}
