import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { activeAccount } from "@/server/db/schema";
import { requireTeamRole } from "./require-team-role";

/** Switches between the person's own account (teamId null) and a team they belong to. */
export async function switchAccount(options: { userId: string; teamId: string | null; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  if (options.teamId === null) {
    await db.delete(activeAccount).where(eq(activeAccount.userId, options.userId));
    return;
  }
  await requireTeamRole({ db, teamId: options.teamId, userId: options.userId });
  await db.insert(activeAccount).values({ userId: options.userId, teamId: options.teamId }).onConflictDoUpdate({ target: activeAccount.userId, set: { teamId: options.teamId } });
}
