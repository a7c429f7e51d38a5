import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiKey } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { keysOf } from "./keys-of";

/**
 * Revokes one of the account's keys at once (a person's own, or with `teamId` one of the team's, by its owner or
 * admin: the caller has checked the role): the next request with it is refused. Another account's key is NOT_FOUND.
 */
export async function revokeApiKey(options: { ownerId: string; teamId?: string | null; keyId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  const [row] = await db.select({ id: apiKey.id }).from(apiKey).where(and(eq(apiKey.id, options.keyId), keysOf({ ownerId: options.ownerId, teamId: options.teamId ?? null })));
  if (!row) throw new AppError("NOT_FOUND");
  await db.update(apiKey).set({ revokedAt: new Date() }).where(and(eq(apiKey.id, row.id), isNull(apiKey.revokedAt)));
}
