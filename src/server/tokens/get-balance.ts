import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team, tokenAccount } from "@/server/db/schema";

/** The person's own balance, or with teamId the team's pool. */
export async function getBalance(options: { userId: string; teamId?: string | null; db?: DbOrTx }): Promise<number> {
  const db = options.db ?? (await getDb());
  if (options.teamId) {
    const [pool] = await db.select({ balance: team.balance }).from(team).where(eq(team.id, options.teamId));
    return pool?.balance ?? 0;
  }
  const [row] = await db.select({ balance: tokenAccount.balance }).from(tokenAccount).where(eq(tokenAccount.userId, options.userId));
  return row?.balance ?? 0;
}
