import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { teamInvitation } from "@/server/db/schema";
import { canonicalEmail } from "@/server/mail/canonical-email";

/**
 * End-to-end tests only (behind E2E_SIGN_IN): lets the open invitations of an address run out now, as seven days
 * would, so a browser test can meet an expired link. Returns how many it changed.
 */
export async function expireInvitations(options: { email: string; db?: DbOrTx }): Promise<number> {
  const db = options.db ?? (await getDb());
  const changed = await db
    .update(teamInvitation)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(teamInvitation.email, canonicalEmail(options.email)), isNull(teamInvitation.acceptedAt)))
    .returning({ id: teamInvitation.id });
  return changed.length;
}
