import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { account, profile, tokenAccount, user } from "@/server/db/schema";
import { getSubscriptionState, type SubscriptionState } from "@/server/billing/subscription-state";

export type AccountSummary = {
  userId: string;
  email: string | null;
  emailVerified: boolean;
  balance: number;
  /** The newest paid subscription, active or ended; null when the user never had one. */
  subscription: SubscriptionState | null;
  /** Present until the user closes the free-tokens modal; analytics gets a hash of the e-mail, never the e-mail. */
  welcome: { grantedAt: Date; method: string; emailSha256: string } | null;
  hasPassword: boolean;
};

export async function getAccountSummary(options: { userId: string }): Promise<AccountSummary | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      balance: tokenAccount.balance,
      grantedAt: profile.freeTokensGrantedAt,
      shownAt: profile.welcomeModalShownAt,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .leftJoin(tokenAccount, eq(tokenAccount.userId, user.id))
    .where(eq(user.id, options.userId));
  if (!row) return null;
  const providers = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, options.userId));
  const hasPassword = providers.some((p) => p.providerId === "credential");
  const method = hasPassword ? "email" : (providers[0]?.providerId ?? "email");
  return {
    userId: options.userId,
    email: row.email || null,
    emailVerified: row.emailVerified,
    balance: row.balance ?? 0,
    subscription: await getSubscriptionState(db, options.userId),
    welcome:
      row.grantedAt && !row.shownAt
        ? { grantedAt: row.grantedAt, method, emailSha256: createHash("sha256").update(row.email.trim().toLowerCase()).digest("hex") }
        : null,
    hasPassword,
  };
}
