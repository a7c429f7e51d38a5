import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profile } from "@/server/db/schema";
import type { Locale } from "@/config/routes";

/** E-mails follow the language the user last used the product in. */
export async function setProfileLocale(options: { userId: string; locale: Locale }): Promise<void> {
  const db = await getDb();
  await db.update(profile).set({ locale: options.locale }).where(eq(profile.userId, options.userId));
}
