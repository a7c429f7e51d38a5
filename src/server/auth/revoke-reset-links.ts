import "server-only";
import { and, eq, like } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { verification } from "@/server/db/schema";

/**
 * Deletes every outstanding password reset link of a user. better-auth keeps each link as a
 * `verification` row (identifier `reset-password:<token>`, value the user id) and consumes only the one
 * used, so after a reset or a change an older link, perhaps in someone else's hands, would still work.
 */
export async function revokeResetLinks(options: { userId: string; db?: DbOrTx }): Promise<number> {
  const db = options.db ?? (await getDb());
  const deleted = await db
    .delete(verification)
    .where(and(eq(verification.value, options.userId), like(verification.identifier, "reset-password:%")))
    .returning({ id: verification.id });
  return deleted.length;
}
