import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiKey } from "@/server/db/schema";
import { toApiKeyDto, type ApiKeyDto } from "./api-key-dto";

/** The account's keys, newest first, revoked ones included (their "last used" stays useful). */
export async function listApiKeys(options: { ownerId: string; db?: DbOrTx; now?: Date }): Promise<ApiKeyDto[]> {
  const db = options.db ?? (await getDb());
  const rows = await db.select().from(apiKey).where(eq(apiKey.ownerId, options.ownerId)).orderBy(desc(apiKey.createdAt));
  return rows.map((row) => toApiKeyDto(row, options.now ?? new Date()));
}
