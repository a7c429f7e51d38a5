import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { profile } from "@/server/db/schema";
import type { Locale } from "@/config/routes";

export async function ensureProfile(options: { userId: string; locale: Locale; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.insert(profile).values({ userId: options.userId, locale: options.locale }).onConflictDoNothing();
}
