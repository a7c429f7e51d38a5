import "server-only";
import { eq, inArray } from "drizzle-orm";
import type { Locale } from "@/config/routes";
import { getDb } from "@/server/db/client";
import { profile, user } from "@/server/db/schema";

/** Accounts to write to, each with the language of its profile (null when it never chose one). */
export async function accountRecipients(where: { ids: string[] } | { emails: readonly string[] }): Promise<{ id: string; email: string; locale: Locale | null }[]> {
  const list = "ids" in where ? where.ids : where.emails;
  if (list.length === 0) return [];
  const db = await getDb();
  return db
    .select({ id: user.id, email: user.email, locale: profile.locale })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where("ids" in where ? inArray(user.id, where.ids) : inArray(user.email, [...where.emails]));
}
