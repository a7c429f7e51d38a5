import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { API_KEY_PATTERN, type ApiKeyMode, type ApiScope } from "@/config/api";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiKey, teamMember } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { hashApiKey } from "./hash-api-key";

/**
 * Who an API request speaks for: the key, its owner (who pays, or for a team's key who made it), the team whose
 * key it is (its pool pays and what it makes is the team's; null for a person's key) and what it may do.
 */
export type ApiCaller = { keyId: string; ownerId: string; teamId: string | null; mode: ApiKeyMode; scopes: ApiScope[]; concurrency: number | null };

/** "Last used" is written at most this often per key, so a busy key does not write on every request. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The key of an `Authorization: Bearer az_…` header, checked: missing or unknown (UNAUTHORIZED, reason
 * apiKeyMissing / apiKeyInvalid), revoked (apiKeyRevoked) or expired (apiKeyExpired), or without the scope the
 * route needs (FORBIDDEN, reason missingScope, naming the scope). A team's key works only while the person who
 * made it is still the team's owner or admin (else apiKeyRevoked), read on every request. The secret itself is
 * never put in an error.
 * Records when and from which address the key was last used.
 */
export async function authenticateApiKey(options: {
  authorization: string | null;
  scope: ApiScope;
  clientAddress: string;
  db?: DbOrTx;
  now?: Date;
}): Promise<ApiCaller> {
  const now = options.now ?? new Date();
  const secret = /^Bearer\s+(\S+)\s*$/i.exec(options.authorization ?? "")?.[1];
  if (!secret) throw new AppError("UNAUTHORIZED", { reason: "apiKeyMissing" });
  if (!API_KEY_PATTERN.test(secret)) throw new AppError("UNAUTHORIZED", { reason: "apiKeyInvalid" });
  const db = options.db ?? (await getDb());
  const [row] = await db.select().from(apiKey).where(eq(apiKey.secretHash, hashApiKey(secret)));
  if (!row) throw new AppError("UNAUTHORIZED", { reason: "apiKeyInvalid" });
  if (row.revokedAt) throw new AppError("UNAUTHORIZED", { reason: "apiKeyRevoked" });
  if (row.expiresAt && row.expiresAt <= now) throw new AppError("UNAUTHORIZED", { reason: "apiKeyExpired" });
  if (row.teamId) {
    const [maker] = await db
      .select({ role: teamMember.role })
      .from(teamMember)
      .where(and(eq(teamMember.teamId, row.teamId), eq(teamMember.userId, row.ownerId), inArray(teamMember.role, ["owner", "admin"])));
    if (!maker) throw new AppError("UNAUTHORIZED", { reason: "apiKeyRevoked" });
  }
  const scopes = row.scopes as ApiScope[];
  if (!scopes.includes(options.scope)) throw new AppError("FORBIDDEN", { reason: "missingScope", scope: options.scope });
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS || row.lastUsedAddress !== options.clientAddress) {
    await db.update(apiKey).set({ lastUsedAt: now, lastUsedAddress: options.clientAddress.slice(0, 100) }).where(eq(apiKey.id, row.id));
  }
  return { keyId: row.id, ownerId: row.ownerId, teamId: row.teamId, mode: row.mode, scopes, concurrency: row.concurrency };
}
