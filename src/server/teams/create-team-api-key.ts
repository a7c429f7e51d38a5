import "server-only";
import { createApiKey, type CreateApiKeyInput } from "@/server/api-keys/create-api-key";
import type { ApiKeyDto } from "@/server/api-keys/api-key-dto";
import { getDb, type DbOrTx } from "@/server/db/client";
import { requireTeamRole } from "./require-team-role";

/**
 * A key of the team's, made by its owner or admin (an agent: FORBIDDEN; not a member: NOT_FOUND): its work spends
 * the team's pool and is the team's. It works while its maker stays the team's owner or admin.
 */
export async function createTeamApiKey(options: { actorId: string; teamId: string; input: CreateApiKeyInput; db?: DbOrTx }): Promise<{ key: ApiKeyDto; secret: string }> {
  const db = options.db ?? (await getDb());
  await requireTeamRole({ db, teamId: options.teamId, userId: options.actorId, roles: ["owner", "admin"] });
  return createApiKey({ db, ownerId: options.actorId, teamId: options.teamId, input: options.input });
}
