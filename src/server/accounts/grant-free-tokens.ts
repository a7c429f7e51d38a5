import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { FREE_TOKENS } from "@/config/tokens";
import { getDb } from "@/server/db/client";
import { freeTokenClaim, profile, user } from "@/server/db/schema";
import { grantTokens } from "@/server/tokens/grant-tokens";

/**
 * The free tokens of a confirmed account: once per account and once per e-mail address, ever (a deleted
 * and re-created account does not get them again). The ledger key makes the grant itself idempotent; the
 * profile timestamp is what the welcome modal reads.
 */
export async function grantFreeTokens(options: { userId: string }): Promise<{ granted: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified, grantedAt: profile.freeTokensGrantedAt })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, options.userId));
  if (!row?.verified || row.grantedAt) return { granted: false };

  return db.transaction(async (tx) => {
    // First the address: a repeat address gets nothing, and no welcome promising tokens.
    const emailSha256 = createHash("sha256").update(row.email.trim().toLowerCase()).digest("hex");
    const firstForAddress = await tx.insert(freeTokenClaim).values({ emailSha256 }).onConflictDoNothing().returning({ emailSha256: freeTokenClaim.emailSha256 });
    if (firstForAddress.length === 0) return { granted: false };
    await tx.insert(profile).values({ userId: options.userId }).onConflictDoNothing();
    const claimed = await tx
      .update(profile)
      .set({ freeTokensGrantedAt: new Date() })
      .where(and(eq(profile.userId, options.userId), isNull(profile.freeTokensGrantedAt)))
      .returning({ userId: profile.userId });
    if (claimed.length === 0) return { granted: false };
    const result = await grantTokens({
      db: tx,
      userId: options.userId,
      amount: FREE_TOKENS,
      kind: "grant",
      idempotencyKey: `free-tokens:${options.userId}`,
      reference: "free-tokens",
    });
    return { granted: result.applied };
  });
}
