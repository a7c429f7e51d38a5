import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { tokenAccount } from "@/server/db/schema";

export async function getBalance(options: { userId: string; db?: DbOrTx }): Promise<number> {
  const db = options.db ?? (await getDb());
  const [row] = await db.select({ balance: tokenAccount.balance }).from(tokenAccount).where(eq(tokenAccount.userId, options.userId));
  return row?.balance ?? 0;
}
