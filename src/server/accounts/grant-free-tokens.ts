import "server-only";
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { FREE_TOKENS } from "@/config/tokens";
import { getDb } from "@/server/db/client";
import { freeTokenClaim, profile, user } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { canonicalEmail } from "@/server/mail/canonical-email";

/**
 * The free tokens of a confirmed account: once per account and once per mailbox, ever (a deleted and
 * re-created account does not get them again; `name+1@` and `n.ame@gmail.com` are `name@`'s mailbox), and
 * a few per client address a day (rateLimits.freeTokens). A grant refused for the address is not used up:
 * a later sign-in from elsewhere gets it. The ledger key makes the grant itself idempotent; the profile
 * timestamp is what the welcome modal reads.
 */
export async function grantFreeTokens(options: { userId: string; clientAddress?: string | null }): Promise<{ granted: boolean }> {
  const db = await getDb();
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified, grantedAt: profile.freeTokensGrantedAt })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, options.userId));
  if (!row?.verified || row.grantedAt) return { granted: false };

  const result = await db.transaction(async (tx) => {
    // First the mailbox: a repeat gets nothing, and no welcome promising tokens.
    const emailSha256 = createHash("sha256").update(canonicalEmail(row.email)).digest("hex");
    const firstForAddress = await tx.insert(freeTokenClaim).values({ emailSha256 }).onConflictDoNothing().returning({ emailSha256: freeTokenClaim.emailSha256 });
    if (firstForAddress.length === 0) return { granted: false };
    // Counted inside the grant: a refusal rolls the claim back with it, so only grants made count.
    if (options.clientAddress) await hitRateLimit({ rule: "freeTokens", subject: `address:${options.clientAddress}`, db: tx });
    await tx.insert(profile).values({ userId: options.userId }).onConflictDoNothing();
    const claimed = await tx
      .update(profile)
      .set({ freeTokensGrantedAt: new Date() })
      .where(and(eq(profile.userId, options.userId), isNull(profile.freeTokensGrantedAt)))
      .returning({ userId: profile.userId });
    if (claimed.length === 0) return { granted: false };
    const grant = await grantTokens({
      db: tx,
      userId: options.userId,
      amount: FREE_TOKENS,
      kind: "grant",
      idempotencyKey: `free-tokens:${options.userId}`,
      reference: "free-tokens",
    });
    return { granted: grant.applied };
  }).catch((error: unknown) => {
    if (isAppError(error, "RATE_LIMITED")) return { granted: false };
    throw error;
  });
  return result;
}
