import "server-only";
import { revokeApiKey } from "@/server/api-keys/revoke-api-key";
import { getDb, type DbOrTx } from "@/server/db/client";
import { requireTeamRole } from "./require-team-role";

/** Revokes one of the team's keys at once, by its owner or admin; a key of anyone else is NOT_FOUND. */
export async function revokeTeamApiKey(options: { actorId: string; teamId: string; keyId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await requireTeamRole({ db, teamId: options.teamId, userId: options.actorId, roles: ["owner", "admin"] });
  await revokeApiKey({ db, ownerId: options.actorId, teamId: options.teamId, keyId: options.keyId });
}
