import "server-only";
import { z } from "zod";
import { getDb, type DbOrTx } from "@/server/db/client";
import { activeAccount, team, teamMember } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { invalidInput } from "@/server/invalid-input";
import { teamNameSchema } from "@/schemas/teams";

/** A new team named after the agency, its founder the owner; the founder then works in it. */
export async function createTeam(options: { userId: string; name: string; db?: DbOrTx }): Promise<{ id: string; name: string }> {
  const parsed = z.object({ name: teamNameSchema }).safeParse({ name: options.name });
  if (!parsed.success) throw invalidInput(parsed.error);
  const db = options.db ?? (await getDb());
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(team).values({ id, name: parsed.data.name, ownerId: options.userId });
    await tx.insert(teamMember).values({ teamId: id, userId: options.userId, role: "owner" });
    await tx.insert(activeAccount).values({ userId: options.userId, teamId: id }).onConflictDoUpdate({ target: activeAccount.userId, set: { teamId: id } });
  });
  return { id, name: parsed.data.name };
}
