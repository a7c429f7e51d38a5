import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { teamMember } from "@/server/db/schema";
import { invalidInput } from "@/server/invalid-input";
import { memberCapSchema } from "@/schemas/teams";
import { lockTeam } from "./lock-team";
import { requireTeamRole } from "./require-team-role";

/** The owner sets how many of the pool's tokens a member may spend in a calendar month (null: no cap). */
export async function setMemberCap(options: { actorId: string; teamId: string; userId: string; cap: number | null; db?: DbOrTx }): Promise<void> {
  const parsed = memberCapSchema.safeParse(options.cap);
  if (!parsed.success) throw invalidInput(parsed.error);
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    await lockTeam(tx, options.teamId);
    await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.actorId, roles: ["owner"] });
    await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.userId });
    await tx.update(teamMember).set({ monthlyCap: parsed.data }).where(and(eq(teamMember.teamId, options.teamId), eq(teamMember.userId, options.userId)));
  });
}
