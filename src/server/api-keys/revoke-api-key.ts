import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiKey } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/** Revokes one of the owner's keys at once: the next request with it is refused. Another account's key is NOT_FOUND. */
export async function revokeApiKey(options: { ownerId: string; keyId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  const [row] = await db.select({ id: apiKey.id }).from(apiKey).where(and(eq(apiKey.id, options.keyId), eq(apiKey.ownerId, options.ownerId)));
  if (!row) throw new AppError("NOT_FOUND");
  await db.update(apiKey).set({ revokedAt: new Date() }).where(and(eq(apiKey.id, row.id), isNull(apiKey.revokedAt)));
}
