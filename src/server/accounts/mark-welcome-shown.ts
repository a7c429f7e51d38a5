import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { profile } from "@/server/db/schema";

/** Stored on the server, so the free-tokens modal shows once across every device. */
export async function markWelcomeShown(options: { userId: string }): Promise<void> {
  const db = await getDb();
  await db
    .update(profile)
    .set({ welcomeModalShownAt: new Date() })
    .where(and(eq(profile.userId, options.userId), isNull(profile.welcomeModalShownAt)));
}
