import "server-only";
import type { ApiKeyDto } from "@/server/api-keys/api-key-dto";
import { listApiKeys } from "@/server/api-keys/list-api-keys";
import { getDb, type DbOrTx } from "@/server/db/client";
import { requireTeamRole } from "./require-team-role";

/** The team's keys, whoever of its owners and admins made them, for its owner or admin. */
export async function listTeamApiKeys(options: { actorId: string; teamId: string; db?: DbOrTx }): Promise<ApiKeyDto[]> {
  const db = options.db ?? (await getDb());
  await requireTeamRole({ db, teamId: options.teamId, userId: options.actorId, roles: ["owner", "admin"] });
  return listApiKeys({ db, ownerId: options.actorId, teamId: options.teamId });
}
