import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import type { BillingContext } from "@/server/billing/billing-context";
import { billingPortalUrl, cancelSubscription, changePlan, resumeSubscription } from "@/server/billing/manage-subscription";
import { startCheckout } from "@/server/billing/start-checkout";
import { getSubscriptionState } from "@/server/billing/subscription-state";
import { verifyCheckout } from "@/server/billing/verify-checkout";
import { listPayments } from "@/server/billing/list-payments";
import { getBalance } from "@/server/tokens/get-balance";
import { saveBillingDetails } from "@/server/invoices/save-billing-details";
import { checkoutOrder, invoice, payment, tokenLedger } from "@/server/db/schema";
import { orderPriceGrosze } from "@/config/plans";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { and, eq } from "drizzle-orm";
import { FakeStripe } from "~/tests/fakes/stripe";
import { insertUser, installDatabase, testDatabases } from "~/tests/support/databases";
import { createSandboxProvider } from "./sandbox-provider";
import { createStripeProvider, makeStripeClient, parseStripeWebhook } from "./stripe-provider";

const SECRET_KEY = "sk_test_fake";
const WEBHOOK_SECRET = "whsec_fakesecret";
const fake = new FakeStripe();
let apiUrl: string;
let dataDir: string;

beforeAll(async () => {
  apiUrl = await fake.start();
  dataDir = await mkdtemp(path.join(tmpdir(), "aranzer-stripe-"));
  // The webhook route reads its configuration from the environment, as in production.
  Object.assign(process.env, { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl, DATA_DIR: dataDir });
});
afterAll(async () => {
  await fake.stop();
  await rm(dataDir, { recursive: true, force: true });
});

type FakeEvents = ReturnType<FakeStripe["completeCheckout"]>;

describe.each(testDatabases())("the Stripe adapter against a fake Stripe on $name", ({ open }) => {
  let handle: Handle;
  let ctx: BillingContext;
  let stripe: Stripe;
  beforeAll(async () => {
    handle = await open();
    installDatabase(handle);
    stripe = makeStripeClient(SECRET_KEY, apiUrl);
    const provider = createStripeProvider(stripe);
    ctx = { db: handle.db, provider: (id) => (id === "stripe" ? provider : createSandboxProvider(handle.db)), checkoutProvider: "stripe" };
  });
  afterAll(() => handle.close());
  beforeEach(() => {
    fake.failNext = { count: 0, status: 500 };
  });

  /** Delivers events through the real webhook route, signed as Stripe signs them. */
  async function post(event: FakeEvents[number], options: { secret?: string } = {}) {
    const { POST } = await import("~/app/api/webhooks/stripe/route");
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    return POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers: { "stripe-signature": signature, "content-type": "application/json" }, body: payload }));
  }
  async function deliver(events: FakeEvents) {
    for (const event of events) expect((await post(event)).status).toBe(200);
  }
  async function subscribe(userId: string, productId: "mini" | "pro" = "pro") {
    const { url, orderId } = await startCheckout(ctx, { userId, productId, withdrawalConsent: true, locale: "pl" });
    const sessionId = url.split("/").pop()!;
    return { sessionId, orderId, events: fake.completeCheckout(sessionId) };
  }

  it("opens Checkout in subscription mode for a plan: PLN price, tax inclusive, card only, our ids, one idempotency key per order", async () => {
    const userId = await insertUser(handle);
    const { sessionId, orderId } = await subscribe(userId);
    const session = fake.objects.get(sessionId)!;
    expect(session).toMatchObject({ mode: "subscription", client_reference_id: userId, allowed_payment_method_types: ["card"], locale: "pl", metadata: { orderId, userId, productId: "pro" } });
    expect(session.success_url).toBe(`http://localhost:3000/subscription-success?session_id=${sessionId}`);
    expect(session.subscription_metadata).toMatchObject({ userId });
    const price = fake.objects.get(session.price as string)!;
    expect(price).toMatchObject({ currency: "pln", unit_amount: 8499, tax_behavior: "inclusive", recurring: { interval: "month", interval_count: 1 }, lookup_key: "aranzer_pro_8499" });
    const create = fake.requests.find((r) => r.path === "/v1/checkout/sessions" && r.method === "POST" && (r.body.metadata as { orderId?: string }).orderId === orderId);
    expect(create?.idempotencyKey).toBe(`checkout:${orderId}`);
  });

  it("expires a plan's Checkout left open once another plan is paid (POST /v1/checkout/sessions/{id}/expire)", async () => {
    const userId = await insertUser(handle);
    const left = await startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "pl" });
    const { events } = await subscribe(userId, "mini");
    await deliver(events);
    const leftId = left.url.split("/").pop()!;
    expect(fake.objects.get(leftId)).toMatchObject({ status: "expired" });
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${leftId}/expire`)).toHaveLength(1);
    // Replayed events expire nothing twice.
    await deliver(events);
    expect(fake.requests.filter((r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${leftId}/expire`)).toHaveLength(1);
  });

  it("collects the tax id and billing address in Checkout when an invoice is asked for, and only then", async () => {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: { companyName: "Wisła", taxId: "5260250274", street: "Złota 44", postalCode: "00-120", city: "Warszawa" } });
    const withInvoice = await startCheckout(ctx, { userId, productId: "pack10", withdrawalConsent: true, locale: "pl", invoice: true });
    expect(fake.objects.get(withInvoice.url.split("/").pop()!)).toMatchObject({ tax_id_collection: { enabled: true }, billing_address_collection: "required" });
    const plain = await startCheckout(ctx, { userId, productId: "pack10", withdrawalConsent: true, locale: "pl" });
    expect(fake.objects.get(plain.url.split("/").pop()!)).toMatchObject({ tax_id_collection: { enabled: false }, billing_address_collection: null });
  });

  it("adds a team plan's extra seats as a second line (a monthly seat price, quantity), and reads the plan from its own line", async () => {
    const { createTeam } = await import("@/server/teams/create-team");
    const userId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId, name: "Wisła" });
    const { url } = await startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "pl", teamId, extraSeats: 3 });
    const sessionId = url.split("/").pop()!;
    const create = fake.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.method === "POST").pop()!;
    const lines = create.body.line_items as { price: string; quantity: string }[];
    expect(lines).toHaveLength(2);
    expect(fake.objects.get(lines[1]!.price)).toMatchObject({ unit_amount: 1999, lookup_key: "aranzer_seat_1999", recurring: { interval: "month" } });
    expect(lines[1]!.quantity).toBe("3");
    await deliver(fake.completeCheckout(sessionId));
    expect(await getBalance({ db: handle.db, userId, teamId })).toBe(500);
    expect(await getSubscriptionState(handle.db, userId, teamId)).toMatchObject({ planId: "pro", active: true });
    // The owner changes the number later: the seats' item changes, and goes at zero; the plan's item stays.
    const { changeExtraSeats } = await import("@/server/billing/manage-subscription");
    const subId = fake.objects.get(sessionId)!.subscription as string;
    const items = () => (fake.objects.get(subId)!.items as { data: { price: { lookup_key: string }; quantity?: number }[] }).data.map((i) => `${i.price.lookup_key}×${i.quantity ?? 1}`);
    expect(items()).toEqual(["aranzer_pro_8499×1", "aranzer_seat_1999×3"]);
    await changeExtraSeats(ctx, { userId, teamId, extraSeats: 1 });
    expect(items()).toEqual(["aranzer_pro_8499×1", "aranzer_seat_1999×1"]);
    await changeExtraSeats(ctx, { userId, teamId, extraSeats: 0 });
    expect(items()).toEqual(["aranzer_pro_8499×1"]);
    await changeExtraSeats(ctx, { userId, teamId, extraSeats: 4 });
    expect(items()).toEqual(["aranzer_pro_8499×1", "aranzer_seat_1999×4"]);
  });

  it("bills a team as its own Stripe customer, with its invoice details and tax id, also after its ownership is handed over", async () => {
    const { createTeam } = await import("@/server/teams/create-team");
    const { inviteToTeam } = await import("@/server/teams/invite-to-team");
    const { acceptInvitation } = await import("@/server/teams/accept-invitation");
    const { setMemberRole } = await import("@/server/teams/set-member-role");
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Biuro Wisła" });
    // The owner's own purchase first: a personal customer of theirs.
    const personal = await subscribe(ownerId, "mini");
    await deliver(personal.events);
    const personalCustomer = fake.objects.get(personal.sessionId)!.customer as string;

    await saveBillingDetails({ db: handle.db, userId: ownerId, details: { companyName: "Biuro Nieruchomości Wisła sp. z o.o.", taxId: "526-025-02-74", street: "ul. Złota 44", postalCode: "00-120", city: "Warszawa" } });
    const { url } = await startCheckout(ctx, { userId: ownerId, productId: "pro", withdrawalConsent: true, locale: "pl", teamId, invoice: true });
    const teamSession = url.split("/").pop()!;
    const customerId = fake.objects.get(teamSession)!.customer as string;
    expect(customerId).toBeTruthy();
    expect(customerId).not.toBe(personalCustomer);
    expect(fake.objects.get(customerId)).toMatchObject({ name: "Biuro Nieruchomości Wisła sp. z o.o.", address: { line1: "ul. Złota 44", postal_code: "00-120", city: "Warszawa", country: "PL" }, metadata: { teamId } });
    const taxIds = () => [...fake.objects.values()].filter((o) => o.object === "tax_id" && o.customer === customerId).map((t) => `${t.type as string}:${t.value as string}`);
    expect(taxIds()).toEqual(["eu_vat:PL5260250274"]);
    await deliver(fake.completeCheckout(teamSession));
    expect(await getSubscriptionState(handle.db, ownerId, teamId)).toMatchObject({ customerId, active: true });

    // Ownership passes to an admin, who buys a pack for the team with a new NIP: the same customer, its tax id changed.
    const email = `${crypto.randomUUID()}@example.test`;
    const heirId = await insertUser(handle, { email });
    const { token } = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "admin", locale: "pl", origin: "http://localhost" });
    await acceptInvitation({ db: handle.db, userId: heirId, token });
    await setMemberRole({ db: handle.db, actorId: ownerId, teamId, userId: heirId, role: "owner" });
    await saveBillingDetails({ db: handle.db, userId: heirId, details: { companyName: "Biuro Nieruchomości Wisła sp. z o.o.", taxId: "1234563218", street: "ul. Złota 44", postalCode: "00-120", city: "Warszawa" } });
    const pack = await startCheckout(ctx, { userId: heirId, productId: "pack10", withdrawalConsent: true, locale: "pl", teamId, invoice: true });
    const packSession = fake.objects.get(pack.url.split("/").pop()!)!;
    expect(packSession).toMatchObject({ customer: customerId, customer_email: null });
    expect(taxIds()).toEqual(["eu_vat:PL1234563218"]);
    // The heir's own purchase stays theirs.
    const own = await startCheckout(ctx, { userId: heirId, productId: "pack10", withdrawalConsent: true, locale: "pl" });
    expect(fake.objects.get(own.url.split("/").pop()!)).toMatchObject({ customer: null, customer_email: email });
  });

  it("charges a business in another EU country a net price of its own (tax exclusive), and keeps it net on a change of plan", async () => {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: { companyName: "Spree GmbH", taxId: "DE123456789", street: "Unter den Linden 1", postalCode: "10117", city: "Berlin" } });
    const { url } = await startCheckout(ctx, { userId, productId: "mini", withdrawalConsent: true, locale: "en", invoice: true });
    const sessionId = url.split("/").pop()!;
    const session = fake.objects.get(sessionId)!;
    expect(fake.objects.get(session.price as string)).toMatchObject({ unit_amount: 2113, tax_behavior: "exclusive", lookup_key: "aranzer_mini_2113_net" });
    await deliver(fake.completeCheckout(sessionId));
    expect(await getBalance({ db: handle.db, userId })).toBe(30);
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ planId: "mini", active: true });
    await changePlan(ctx, { userId, planId: "pro" });
    const item = (fake.objects.get(session.subscription as string)!.items as { data: { price: { lookup_key: string } }[] }).data[0]!;
    expect(item.price.lookup_key).toBe("aranzer_pro_6910_net");
  });

  it("charges a team's plan with extra seats bought by an EU business exactly the net total the order page shows", async () => {
    const { createTeam } = await import("@/server/teams/create-team");
    const userId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId, name: "Spree Immobilien" });
    await saveBillingDetails({ db: handle.db, userId, details: { companyName: "Spree GmbH", taxId: "DE123456789", street: "Unter den Linden 1", postalCode: "10117", city: "Berlin" } });
    const { orderId } = await startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "en", teamId, extraSeats: 2, invoice: true });
    const create = fake.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.method === "POST").pop()!;
    const lines = (create.body.line_items as { price: string; quantity: string }[]).map((l) => ({ ...fake.objects.get(l.price)!, quantity: Number(l.quantity) }) as unknown as { unit_amount: number; quantity: number; tax_behavior: string });
    const charged = lines.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
    expect(lines.map((l) => [l.unit_amount, l.quantity, l.tax_behavior])).toEqual([[6910, 1, "exclusive"], [1625, 2, "exclusive"]]);
    expect(charged).toBe(orderPriceGrosze("pro", 2, true));
    const [order] = await handle.db.select({ amount: checkoutOrder.amountGrosze, reverseCharge: checkoutOrder.reverseCharge }).from(checkoutOrder).where(eq(checkoutOrder.id, orderId));
    expect(order).toEqual({ amount: charged, reverseCharge: true });
  });

  it("opens Checkout in payment mode for a pack with card, BLIK and Przelewy24, and credits it once", async () => {
    const userId = await insertUser(handle);
    const { url } = await startCheckout(ctx, { userId, productId: "pack50", withdrawalConsent: true, locale: "en" });
    const sessionId = url.split("/").pop()!;
    expect(fake.objects.get(sessionId)).toMatchObject({ mode: "payment", allowed_payment_method_types: ["card", "blik", "p24"], locale: "en", success_url: `http://localhost:3000/en/payment-success?session_id=${sessionId}` });
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "pending" });
    const events = fake.completeCheckout(sessionId);
    for (let i = 0; i < 10; i++) await deliver(events);
    expect(await verifyCheckout(ctx, { userId, sessionId })).toEqual({ state: "paid", kind: "pack", productId: "pack50", tokensAdded: 50, balance: 50, team: null });
  });

  it("credits the first period once for ten replays of every event, the success page included", async () => {
    const userId = await insertUser(handle);
    const { sessionId, events } = await subscribe(userId);
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "paid", tokensAdded: 500, balance: 500 });
    for (let i = 0; i < 10; i++) await deliver(events);
    expect(await getBalance({ db: handle.db, userId })).toBe(500);
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ planId: "pro", active: true, cancelled: false, provider: "stripe" });
  });

  it("applies events in any order: the invoice before the checkout, a stale subscription update after a newer one", async () => {
    const userId = await insertUser(handle);
    const { sessionId, events } = await subscribe(userId);
    await deliver([...events].reverse());
    expect(await getBalance({ db: handle.db, userId })).toBe(500);
    const subId = fake.objects.get(sessionId)!.subscription as string;
    const stale = fake.event("customer.subscription.updated", fake.objects.get(subId)!); // still says not cancelled
    await cancelSubscription(ctx, { userId });
    await deliver([stale]); // re-read from Stripe: the cancellation stays
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ cancelled: true, active: true });
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "paid", tokensAdded: 500 });
  });

  it("answers 400 to a bad signature and 200 to events it does not handle", async () => {
    const userId = await insertUser(handle);
    const { events } = await subscribe(userId);
    expect((await post(events[0]!, { secret: "whsec_wrong" })).status).toBe(400);
    const { POST } = await import("~/app/api/webhooks/stripe/route");
    const unsigned = await POST(new Request("http://localhost/api/webhooks/stripe", { method: "POST", body: JSON.stringify(events[0]) }));
    expect(unsigned.status).toBe(400);
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    expect((await post(fake.event("customer.created", { id: "cus_x" }))).status).toBe(200);
    const ignored = JSON.stringify(fake.event("charge.succeeded", { id: "ch_1" }));
    expect(parseStripeWebhook(stripe, ignored, stripe.webhooks.generateTestHeaderString({ payload: ignored, secret: WEBHOOK_SECRET }), WEBHOOK_SECRET)).toBeNull();
  });

  it("takes a refund through charge.refunded: a pack's charge found by its checkout session, a plan's by its invoice payment", async () => {
    const userId = await insertUser(handle);
    const { url } = await startCheckout(ctx, { userId, productId: "pack10", withdrawalConsent: true, locale: "pl" });
    const packSession = url.split("/").pop()!;
    await deliver(fake.completeCheckout(packSession));
    const { sessionId, events } = await subscribe(userId, "mini");
    await deliver(events);
    expect(await getBalance({ db: handle.db, userId })).toBe(40);

    const partial = fake.refund(packSession, 500);
    await deliver(partial);
    await deliver(partial);
    // 500 of 1,499 grosze back: a third of the pack's 10 tokens.
    expect(await getBalance({ db: handle.db, userId })).toBe(37);
    await deliver(fake.refund(packSession));
    expect(await getBalance({ db: handle.db, userId })).toBe(30);

    await deliver(fake.refund(fake.objects.get(sessionId)!.invoice as string));
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    const refunded = Object.fromEntries((await handle.db.select().from(payment).where(eq(payment.userId, userId))).map((p) => [p.productId, [p.refundedGrosze, p.tokensTakenBack]]));
    expect(refunded).toEqual({ pack10: [1499, 10], mini: [2599, 30] });
  });

  it("withholds a disputed pack's unspent tokens (never below zero), keeps them and corrects the invoice when the dispute is lost", async () => {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: { companyName: "Wisła", taxId: "5260250274", street: "Złota 44", postalCode: "00-120", city: "Warszawa" } });
    const { url } = await startCheckout(ctx, { userId, productId: "pack50", withdrawalConsent: true, locale: "pl", invoice: true });
    const packSession = url.split("/").pop()!;
    await deliver(fake.completeCheckout(packSession));
    await spendTokens({ db: handle.db, userId, amount: 20, idempotencyKey: `spent:${userId}` });
    expect(await getBalance({ db: handle.db, userId })).toBe(30);

    const { disputeId, events } = fake.dispute(packSession);
    await deliver(events);
    await deliver(events.map((e) => ({ ...e, id: `${e.id}-again` })));
    // The 30 unspent of the pack's 50 are withheld at once, in one entry; the 20 used stay used.
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    const withheld = await handle.db.select({ amount: tokenLedger.amount, kind: tokenLedger.kind }).from(tokenLedger).where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.kind, "adjustment")));
    expect(withheld).toEqual([{ amount: -30, kind: "adjustment" }]);
    expect(await handle.db.select().from(invoice).where(and(eq(invoice.userId, userId), eq(invoice.kind, "correction")))).toEqual([]);

    await deliver(fake.closeDispute(disputeId, "lost"));
    await deliver(fake.closeDispute(disputeId, "lost"));
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    expect((await handle.db.select().from(payment).where(eq(payment.userId, userId)))[0]).toMatchObject({ refundedGrosze: 5999, tokensTakenBack: 30 });
    const corrections = await handle.db.select().from(invoice).where(and(eq(invoice.userId, userId), eq(invoice.kind, "correction")));
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({ series: "KOR", grossGrosze: 5999 });
  });

  it("withholds a team plan's tokens from the pool while its charge is disputed, and gives them back when the dispute is won", async () => {
    const { createTeam } = await import("@/server/teams/create-team");
    const userId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId, name: "Wisła" });
    const { url } = await startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "pl", teamId });
    const sessionId = url.split("/").pop()!;
    await deliver(fake.completeCheckout(sessionId));
    expect(await getBalance({ db: handle.db, userId, teamId })).toBe(500);

    const { disputeId, events } = fake.dispute(fake.objects.get(sessionId)!.invoice as string);
    await deliver(events);
    expect(await getBalance({ db: handle.db, userId, teamId })).toBe(0);
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    const won = fake.closeDispute(disputeId, "won");
    await deliver(won);
    await deliver(won.map((e) => ({ ...e, id: `${e.id}-again` })));
    expect(await getBalance({ db: handle.db, userId, teamId })).toBe(500);
    const entries = await handle.db.select({ amount: tokenLedger.amount }).from(tokenLedger).where(and(eq(tokenLedger.teamId, teamId), eq(tokenLedger.kind, "adjustment"))).orderBy(tokenLedger.createdAt);
    expect(entries.map((e) => e.amount)).toEqual([-500, 500]);
    expect((await handle.db.select().from(payment).where(eq(payment.teamId, teamId)))[0]).toMatchObject({ refundedGrosze: 0, tokensTakenBack: 0 });
  });

  it("renews, fails a renewal (no tokens, access until the paid end), then renews after the failed one", async () => {
    const userId = await insertUser(handle);
    const { sessionId, events } = await subscribe(userId);
    await deliver(events);
    const subId = fake.objects.get(sessionId)!.subscription as string;
    await deliver(fake.renew(subId));
    expect(await getBalance({ db: handle.db, userId })).toBe(1000);
    const paidEnd = (await getSubscriptionState(handle.db, userId))!.periodEnd;

    const failed = fake.renew(subId, { fail: true });
    await deliver(failed);
    await deliver(failed);
    const pastDue = await getSubscriptionState(handle.db, userId);
    expect(pastDue).toMatchObject({ active: true, pastDue: true });
    expect(pastDue!.periodEnd).toEqual(paidEnd);
    expect(await getBalance({ db: handle.db, userId })).toBe(1000);

    const invoiceId = (failed[0]!.data.object as { id: string }).id;
    await deliver(fake.payInvoice(invoiceId));
    expect(await getBalance({ db: handle.db, userId })).toBe(1500);
    expect((await getSubscriptionState(handle.db, userId))!.periodEnd.getTime()).toBeGreaterThan(paidEnd.getTime());
    expect((await listPayments(handle.db, userId)).map((p) => `${p.kind}:${p.status}`).sort()).toEqual(["renewal:failed", "renewal:paid", "renewal:paid", "subscription:paid"]);

    await deliver(fake.endSubscription(subId));
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ active: false });
    expect(await getBalance({ db: handle.db, userId })).toBe(1500);
  });

  it("cancels at period end and resumes through cancel_at_period_end, changes plan without proration, links the portal", async () => {
    const userId = await insertUser(handle);
    const { sessionId, events } = await subscribe(userId, "mini");
    await deliver(events);
    const subId = fake.objects.get(sessionId)!.subscription as string;
    await cancelSubscription(ctx, { userId });
    expect(fake.objects.get(subId)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    await resumeSubscription(ctx, { userId });
    expect(fake.objects.get(subId)).toMatchObject({ cancel_at_period_end: false });
    expect(await changePlan(ctx, { userId, planId: "pro" })).toMatchObject({ planId: "mini", nextPlanId: "pro" });
    const update = fake.requests.filter((r) => r.path === `/v1/subscriptions/${subId}` && r.method === "POST").pop();
    expect(update?.body).toMatchObject({ proration_behavior: "none" });
    await deliver(fake.renew(subId));
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ planId: "pro", nextPlanId: null });
    expect(await getBalance({ db: handle.db, userId })).toBe(530);
    expect(await billingPortalUrl(ctx, { userId, returnUrl: "http://localhost:3000/settings/subscriptions" })).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it("ends a live subscription at Stripe at once when the account is deleted", async () => {
    const { endSubscriptionsOfAccount } = await import("@/server/billing/end-subscriptions-of-account");
    const userId = await insertUser(handle);
    const { sessionId, events } = await subscribe(userId, "mini");
    await deliver(events);
    await endSubscriptionsOfAccount(ctx, userId);
    const subId = fake.objects.get(sessionId)!.subscription as string;
    expect(fake.objects.get(subId)).toMatchObject({ status: "canceled" });
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ active: false });
  });

  it("retries Stripe's 5xx answers with the same idempotency key", async () => {
    const userId = await insertUser(handle);
    fake.failNext = { count: 1, status: 500 };
    const before = fake.requests.length;
    const { orderId } = await startCheckout(ctx, { userId, productId: "mini", withdrawalConsent: true, locale: "pl" });
    const creates = fake.requests.slice(before).filter((r) => r.path === "/v1/checkout/sessions");
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`checkout:${orderId}`]));
  });
});
