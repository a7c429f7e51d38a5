import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { account, profile, session, user } from "@/server/db/schema";
import { listLedger } from "@/server/tokens/list-ledger";

/**
 * Everything stored about the user, for GDPR Art. 15 and 20. Secrets (password hash, OAuth tokens,
 * session tokens) are described, not copied. Comments, images and subscriptions join as their areas land.
 */
export async function exportAccountData(options: { userId: string }) {
  const db = await getDb();
  const [u] = await db.select().from(user).where(eq(user.id, options.userId));
  if (!u) return null;
  const [p] = await db.select().from(profile).where(eq(profile.userId, options.userId));
  const accounts = await db
    .select({ provider: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, options.userId));
  const sessions = await db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, options.userId));
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: u.id,
      email: u.email,
      name: u.name,
      emailVerified: u.emailVerified,
      createdAt: u.createdAt,
      locale: p?.locale ?? "pl",
      freeTokensGrantedAt: p?.freeTokensGrantedAt ?? null,
      welcomeModalShownAt: p?.welcomeModalShownAt ?? null,
    },
    signInMethods: accounts,
    sessions,
    tokenLedger: await listLedger({ userId: options.userId, db }),
    comments: [] as unknown[],
  };
}
