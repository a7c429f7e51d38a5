import "server-only";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { team } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export type TeamRow = typeof team.$inferSelect;

/**
 * Takes the team's row lock, the one the ledger takes for the pool: membership changes and spends of a team
 * happen one at a time, so a member removed now cannot spend in the same instant.
 */
export async function lockTeam(tx: DbOrTx, teamId: string): Promise<TeamRow> {
  const [row] = await tx.select().from(team).where(eq(team.id, teamId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
