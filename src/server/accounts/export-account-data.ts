import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { account, batch, checkoutOrder, image, profile, session, subscription, user, visualization } from "@/server/db/schema";
import { listPayments } from "@/server/billing/list-payments";
import { listLedger } from "@/server/tokens/list-ledger";
import { listCommentsOfUser } from "@/server/comments/list-comments-of-user";

/**
 * Everything stored about the user, for GDPR Art. 15 and 20. Secrets (password hash, OAuth tokens,
 * session tokens) are described, not copied. Photos and results of the last hour are listed with the
 * URLs that download them (they are deleted within the hour). Comments come with any moderators'
 * statement of reasons, and the reports the user filed about others' comments.
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
  const images = await db
    .select({ id: image.id, kind: image.kind, width: image.width, height: image.height, createdAt: image.createdAt, expiresAt: image.expiresAt })
    .from(image)
    .where(eq(image.userId, options.userId));
  const batches = await db
    .select({ id: batch.id, roomType: batch.roomType, engine: batch.engine, createdAt: batch.createdAt, styleId: visualization.styleId, status: visualization.status })
    .from(batch)
    .innerJoin(visualization, eq(visualization.batchId, batch.id))
    .where(eq(batch.userId, options.userId));
  const subscriptions = await db
    .select({ provider: subscription.provider, planId: subscription.planId, status: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, paidUntil: subscription.paidUntil, endedAt: subscription.endedAt, createdAt: subscription.createdAt })
    .from(subscription)
    .where(eq(subscription.userId, options.userId));
  const orders = await db
    .select({ productId: checkoutOrder.productId, amountGrosze: checkoutOrder.amountGrosze, status: checkoutOrder.status, withdrawalConsentAt: checkoutOrder.withdrawalConsentAt, createdAt: checkoutOrder.createdAt })
    .from(checkoutOrder)
    .where(eq(checkoutOrder.userId, options.userId));
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
    images: images.map((i) => ({ ...i, url: `/api/images/${i.id}` })),
    visualizations: batches,
    subscriptions,
    orders,
    payments: await listPayments(db, options.userId),
    ...(await listCommentsOfUser(db, options.userId)),
  };
}
