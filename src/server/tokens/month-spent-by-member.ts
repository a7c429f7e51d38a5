import "server-only";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { tokenLedger } from "@/server/db/schema";

/** What a member spent from the pool this calendar month (Polish time), refunds taken off. */
export async function monthSpentByMember(db: DbOrTx, teamId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ net: sql<number>`coalesce(-sum(${tokenLedger.amount}), 0)` })
    .from(tokenLedger)
    .where(
      and(
        eq(tokenLedger.teamId, teamId),
        eq(tokenLedger.userId, userId),
        inArray(tokenLedger.kind, ["spend", "refund"]),
        gte(tokenLedger.createdAt, sql`(date_trunc('month', now() at time zone 'Europe/Warsaw') at time zone 'Europe/Warsaw')`),
      ),
    );
  return Math.max(0, Number(row?.net ?? 0));
}
