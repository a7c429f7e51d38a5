import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { account, batch, checkoutOrder, comment, commentReport, image, payment, profile, proof, session, subscription, tokenAccount, tokenLedger, user, visualization } from "@/server/db/schema";

/**
 * Columns that are not copied into the export, and why: secrets are described instead (a copy would hand
 * a sign-in to whoever gets the file), the user's own id is said once, and other people's ids are theirs.
 * Every other column of every table that holds the person's data is exported as it is, so a column added
 * later is exported without anyone remembering to (accounts.test.ts checks it).
 */
export const notExported = {
  account: ["userId", "password", "accessToken", "refreshToken", "idToken"],
  session: ["userId", "token"],
  owned: ["userId"],
  comment: ["authorId", "moderatedBy"],
  commentReport: ["reporterId", "resolvedBy"],
} as const;

function without<T extends Record<string, unknown>, K extends string>(row: T, keys: readonly K[]): Omit<T, K> {
  const copy: Record<string, unknown> = { ...row };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/**
 * Everything stored about the user, for GDPR Art. 15 and 20: every column of the account (the auth
 * library's user row included), profile, sign-in methods, sessions, images, batches and their
 * visualizations, tokens, subscriptions, orders, payments, comments and the reports they filed, and the proofs of their results. Secrets
 * (password hash, OAuth tokens, session tokens) are described, not copied. Photos and results of the last
 * hour are listed with the URLs that download them (they are deleted within the hour).
 */
export async function exportAccountData(options: { userId: string }) {
  const db = await getDb();
  const userId = options.userId;
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u) return null;
  const [p] = await db.select().from(profile).where(eq(profile.userId, userId));
  const [balance] = await db.select().from(tokenAccount).where(eq(tokenAccount.userId, userId));
  const accounts = await db.select().from(account).where(eq(account.userId, userId));
  const sessions = await db.select().from(session).where(eq(session.userId, userId));
  const images = await db.select().from(image).where(eq(image.userId, userId));
  const batches = await db.select().from(batch).where(eq(batch.userId, userId));
  const visualizations = await db.select().from(visualization).where(eq(visualization.userId, userId));
  const subscriptions = await db.select().from(subscription).where(eq(subscription.userId, userId));
  const orders = await db.select().from(checkoutOrder).where(eq(checkoutOrder.userId, userId));
  const payments = await db.select().from(payment).where(eq(payment.userId, userId)).orderBy(asc(payment.createdAt));
  const ledger = await db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(asc(tokenLedger.createdAt));
  const comments = await db.select().from(comment).where(eq(comment.authorId, userId)).orderBy(asc(comment.createdAt));
  const reports = await db.select().from(commentReport).where(eq(commentReport.reporterId, userId)).orderBy(asc(commentReport.createdAt));
  const proofs = await db.select().from(proof).where(eq(proof.userId, userId)).orderBy(asc(proof.createdAt));
  const owned = notExported.owned;
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...u,
      locale: p?.locale ?? "pl",
      freeTokensGrantedAt: p?.freeTokensGrantedAt ?? null,
      welcomeModalShownAt: p?.welcomeModalShownAt ?? null,
      profileCreatedAt: p?.createdAt ?? null,
    },
    tokenBalance: balance ? without(balance, owned) : null,
    signInMethods: accounts.map((a) => ({
      ...without(a, notExported.account),
      provider: a.providerId,
      hasPassword: a.password !== null,
      hasProviderTokens: a.accessToken !== null || a.refreshToken !== null || a.idToken !== null,
    })),
    sessions: sessions.map((s) => without(s, notExported.session)),
    tokenLedger: ledger.map((e) => without(e, owned)),
    images: images.map((i) => ({ ...without(i, owned), url: `/api/images/${i.id}` })),
    batches: batches.map((b) => without(b, owned)),
    visualizations: visualizations.map((v) => without(v, owned)),
    subscriptions: subscriptions.map((s) => without(s, owned)),
    orders: orders.map((o) => without(o, owned)),
    payments: payments.map((e) => without(e, owned)),
    comments: comments.map((c) => without(c, notExported.comment)),
    commentReports: reports.map((r) => without(r, notExported.commentReport)),
    proofs: proofs.map((r) => without(r, owned)),
  };
}
