import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import {
  account,
  activeAccount,
  apiBatch,
  apiHdOrder,
  apiResultHdOrder,
  apiKey,
  batch,
  billingDetails,
  invoice,
  proof,
  teamInvitation,
  webhookDelivery,
  webhookEndpoint,
  checkoutOrder,
  comment,
  commentReport,
  image,
  listing,
  listingBatch,
  listingPhoto,
  listingShare,
  listingStyle,
  payment,
  paymentDispute,
  profile,
  session,
  subscription,
  tokenAccount,
  tokenLedger,
  user,
  visualization,
} from "@/server/db/schema";
import { exportTeamData } from "@/server/teams/export-team-data";

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

/**
 * Every table of the schema, by its SQL name: the section of the export that holds its rows, or why it has
 * none. A table added to the schema and named in neither fails accounts.test.ts, so a new table of the
 * person's data (teams, API keys) cannot be left out by forgetting it.
 */
export const exportedTables = {
  user: "profile",
  profile: "profile",
  account: "signInMethods",
  session: "sessions",
  token_account: "tokenBalance",
  token_ledger: "tokenLedger",
  image: "images",
  batch: "batches",
  visualization: "visualizations",
  subscription: "subscriptions",
  checkout_order: "orders",
  payment: "payments",
  payment_dispute: "paymentDisputes",
  comment: "comments",
  comment_report: "commentReports",
  listing: "listings",
  listing_photo: "listingPhotos",
  listing_style: "listingStyles",
  listing_batch: "listingBatches",
  listing_share: "clientLinks",
  team: "teams",
  team_member: "teams",
  team_invitation: "teamInvitationsSent",
  active_account: "workingIn",
  billing_details: "billingDetails",
  invoice: "invoices",
  proof: "proofs",
  api_key: "apiKeys",
  api_batch: "apiBatches",
  api_hd_order: "apiHdOrders",
  api_result_hd_order: "apiResultHdOrders",
  webhook_endpoint: "webhookEndpoints",
  webhook_delivery: "webhookDeliveries",
} as const;

export const notExportedTables: Record<string, string> = {
  // E-mail confirmation and password-reset tokens: secrets (a copy would be a way in), gone within a day.
  verification: "secrets that expire within a day",
  // Counters of the last minutes (a day for free-token grants), keyed by account id or client address.
  rate_limit: "short-lived request counters",
  // Holds only a SHA-256 of a mailbox that once got free tokens; the profile's freeTokensGrantedAt says it.
  free_token_claim: "a mailbox's hash, kept to grant free tokens once",
  // The queue's bookkeeping of a visualization (state, attempts, lease), deleted with it; its status and
  // failure reason are in the exported visualization.
  generation_job: "the job queue's bookkeeping of exported visualizations",
  // A batch's event stream for the pages to replay: the same facts as its exported visualizations.
  batch_event: "a replay of the exported visualizations' progress",
  // Which HD order of a listing photo the webhooks last looked at: a number per exported listing photo.
  webhook_hd_seen: "the webhooks' marker of the exported listing photos' HD orders",
  webhook_result_hd_seen: "the webhooks' marker of the exported results' 4K orders",
  // Which provider events were already handled: ids and types, nothing of the person beyond the exported payments.
  payment_event: "provider event ids already handled",
  // The test checkout's copy of what a provider would know, moving no money; the orders and subscriptions it
  // stands for are exported.
  sandbox_object: "the test checkout's mirror of exported orders",
  // When the job queue last served the person, so that people take turns; forgotten within a day.
  job_owner_turn: "the job queue's turn-taking bookkeeping",
  // The year's last invoice number: the seller's series, nobody's data.
  invoice_counter: "the seller's invoice number series",
  // An API key's stored answers to repeated requests, kept a day: the facts are the exported batches and listings.
  api_idempotency: "stored answers to repeated API requests, kept a day",
};

function without<T extends Record<string, unknown>, K extends string>(row: T, keys: readonly K[]): Omit<T, K> {
  const copy: Record<string, unknown> = { ...row };
  for (const key of keys) delete copy[key];
  return copy as Omit<T, K>;
}

/**
 * Everything stored about the user, for GDPR Art. 15 and 20: every column of the account (the auth
 * library's user row included), profile, sign-in methods, sessions, images, batches and their
 * visualizations, tokens, subscriptions, orders, payments, comments and the reports they filed, listings with
 * their photos, styles, batches, HD orders and client links, teams, invoices, proofs, API keys and webhooks. Secrets
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
  const disputes = payments.length === 0 ? [] : await db.select().from(paymentDispute).where(inArray(paymentDispute.paymentId, payments.map((e) => e.id)));
  const ledger = await db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId)).orderBy(asc(tokenLedger.createdAt));
  const comments = await db.select().from(comment).where(eq(comment.authorId, userId)).orderBy(asc(comment.createdAt));
  const reports = await db.select().from(commentReport).where(eq(commentReport.reporterId, userId)).orderBy(asc(commentReport.createdAt));
  const listings = await db.select().from(listing).where(eq(listing.userId, userId)).orderBy(asc(listing.createdAt));
  const ofListings = listings.map((l) => l.id);
  const none = ofListings.length === 0;
  const listingPhotos = none ? [] : await db.select().from(listingPhoto).where(inArray(listingPhoto.listingId, ofListings)).orderBy(asc(listingPhoto.listingId), asc(listingPhoto.position));
  const listingStyles = none ? [] : await db.select().from(listingStyle).where(inArray(listingStyle.listingId, ofListings));
  const listingBatches = none ? [] : await db.select().from(listingBatch).where(inArray(listingBatch.listingId, ofListings));
  const clientLinks = none ? [] : await db.select().from(listingShare).where(inArray(listingShare.listingId, ofListings)).orderBy(asc(listingShare.createdAt));
  const [workingIn] = await db.select().from(activeAccount).where(eq(activeAccount.userId, userId));
  const [billing] = await db.select().from(billingDetails).where(eq(billingDetails.userId, userId));
  const invoices = await db.select().from(invoice).where(eq(invoice.userId, userId));
  const proofs = await db.select().from(proof).where(eq(proof.userId, userId)).orderBy(asc(proof.createdAt));
  const invitations = await db.select().from(teamInvitation).where(eq(teamInvitation.invitedBy, userId));
  const keys = await db.select().from(apiKey).where(eq(apiKey.ownerId, userId));
  const apiBatches = await db.select().from(apiBatch).where(eq(apiBatch.ownerId, userId));
  const apiHdOrders = await db.select().from(apiHdOrder).where(eq(apiHdOrder.ownerId, userId));
  const apiResultHdOrders = await db.select().from(apiResultHdOrder).where(eq(apiResultHdOrder.ownerId, userId));
  const endpoints = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.ownerId, userId));
  const deliveries = endpoints.length === 0 ? [] : await db.select().from(webhookDelivery).where(inArray(webhookDelivery.endpointId, endpoints.map((e) => e.id)));
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
    // Chargebacks of those payments, and what they withheld.
    paymentDisputes: disputes,
    comments: comments.map((c) => without(c, notExported.comment)),
    commentReports: reports.map((r) => without(r, notExported.commentReport)),
    // A listing's name is often an address. Its photos and results are in `images`; HD orders are the hd*
    // columns of its photos; a client link is its token's SHA-256 (the token itself is never stored).
    listings: listings.map((l) => without(l, owned)),
    listingPhotos,
    listingStyles,
    listingBatches,
    clientLinks,
    teams: await exportTeamData({ userId, db }),
    // An invitation's link is its token's SHA-256, left out like every secret.
    teamInvitationsSent: invitations.map((i) => without(i, ["tokenHash"])),
    workingIn: workingIn ?? null,
    billingDetails: billing ?? null,
    invoices,
    proofs: proofs.map((r) => without(r, owned)),
    // A key's secret is never stored; its hash is left out too. A webhook endpoint's signing secret likewise.
    apiKeys: keys.map((k) => without(k, ["secretHash"])),
    apiBatches,
    apiHdOrders,
    apiResultHdOrders,
    webhookEndpoints: endpoints.map((e) => without(e, ["secret"])),
    webhookDeliveries: deliveries,
  };
}
