import "server-only";
import { desc } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiKey } from "@/server/db/schema";
import { toApiKeyDto, type ApiKeyDto } from "./api-key-dto";
import { keysOf } from "./keys-of";

/**
 * The account's keys (a person's own, or with `teamId` the team's, for its owner or admin: the caller has checked
 * the role), newest first, revoked ones included (their "last used" stays useful).
 */
export async function listApiKeys(options: { ownerId: string; teamId?: string | null; db?: DbOrTx; now?: Date }): Promise<ApiKeyDto[]> {
  const db = options.db ?? (await getDb());
  const rows = await db.select().from(apiKey).where(keysOf({ ownerId: options.ownerId, teamId: options.teamId ?? null })).orderBy(desc(apiKey.createdAt));
  return rows.map((row) => toApiKeyDto(row, options.now ?? new Date()));
}
