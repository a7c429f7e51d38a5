import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profile } from "@/server/db/schema";
import type { Locale } from "@/config/routes";

export async function getProfileLocale(options: { userId: string }): Promise<Locale> {
  const db = await getDb();
  const [row] = await db.select({ locale: profile.locale }).from(profile).where(eq(profile.userId, options.userId));
  return row?.locale ?? "pl";
}
