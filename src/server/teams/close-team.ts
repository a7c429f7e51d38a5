import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team } from "@/server/db/schema";
import { lockTeam } from "./lock-team";
import { requireTeamRole } from "./require-team-role";

/**
 * The owner closes the team: its members, invitations and listings go with it, and what is left in the pool
 * is given up (the page says how much first). Its ledger entries and invoices stay, as accounting records.
 */
export async function closeTeam(options: { actorId: string; teamId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    await lockTeam(tx, options.teamId);
    await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.actorId, roles: ["owner"] });
    await tx.delete(team).where(eq(team.id, options.teamId));
  });
}
