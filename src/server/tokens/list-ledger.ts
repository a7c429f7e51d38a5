import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { tokenLedger } from "@/server/db/schema";

export async function listLedger(options: { userId: string; db?: DbOrTx }) {
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
    .where(eq(tokenLedger.userId, options.userId))
    .orderBy(desc(tokenLedger.createdAt));
}
