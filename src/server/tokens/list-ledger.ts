import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { tokenLedger } from "@/server/db/schema";

/** The person's own entries, newest first; with teamId the team's pool's (whoever spent). */
export async function listLedger(options: { userId: string; teamId?: string | null; db?: DbOrTx }) {
  const db = options.db ?? (await getDb());
  return db
    .select({
      id: tokenLedger.id,
      kind: tokenLedger.kind,
      amount: tokenLedger.amount,
      balanceAfter: tokenLedger.balanceAfter,
      reference: tokenLedger.reference,
      createdAt: tokenLedger.createdAt,
    })
    .from(tokenLedger)
    .where(options.teamId ? eq(tokenLedger.teamId, options.teamId) : and(eq(tokenLedger.userId, options.userId), isNull(tokenLedger.teamId)))
    .orderBy(desc(tokenLedger.createdAt));
}
