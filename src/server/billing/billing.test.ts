import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Handle } from "@/server/db/client";
import { payment, subscription, tokenLedger } from "@/server/db/schema";
import { createSandboxProvider, sandboxTester } from "@/server/payments/sandbox-provider";
import { getBalance } from "@/server/tokens/get-balance";
import { insertUser, testDatabases } from "~/tests/support/databases";
import type { BillingContext } from "./billing-context";
import { handlePaymentEvent } from "./handle-payment-event";
import { cancelSubscription, changePlan, resumeSubscription } from "./manage-subscription";
import { startCheckout } from "./start-checkout";
import { getSubscriptionState } from "./subscription-state";
import { verifyCheckout } from "./verify-checkout";
import { listPayments } from "./list-payments";

let outbox: string;
beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), "aranzer-billing-"));
  process.env.DATA_DIR = outbox; // the .eml outbox of the order confirmations
});
afterAll(() => rm(outbox, { recursive: true, force: true }));

describe.each(testDatabases())("billing through the sandbox on $name", ({ open }) => {
  let handle: Handle;
  let ctx: BillingContext;
  beforeAll(async () => {
    handle = await open();
    ctx = { db: handle.db, provider: () => createSandboxProvider(handle.db), checkoutProvider: "sandbox" };
  });
  afterAll(() => handle.close());

  const tester = () => sandboxTester(handle.db, { configuredProvider: ctx.checkoutProvider });
  async function deliver(events: Awaited<ReturnType<ReturnType<typeof sandboxTester>["renew"]>>) {
    for (const event of events) await handlePaymentEvent(ctx, "sandbox", event);
  }
  async function buy(userId: string, productId: "pro" | "mini" | "pack10") {
    const { url } = await startCheckout(ctx, { userId, productId, withdrawalConsent: true, locale: "pl" });
    const sessionId = new URL(url, "http://x").searchParams.get("session_id")!;
    const { events } = await tester().pay(userId, sessionId);
    return { sessionId, events };
  }

  it("buys Pro: +500 tokens once, whether the events, the success page or both report it, however often", async () => {
    const userId = await insertUser(handle);
    const { sessionId, events } = await buy(userId, "pro");
    expect(await verifyCheckout(ctx, { userId, sessionId })).toEqual({ state: "paid", kind: "subscription", productId: "pro", tokensAdded: 500, balance: 500, team: null });
    for (let i = 0; i < 10; i++) await deliver(events);
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "paid", tokensAdded: 500, balance: 500 });
    expect(await getBalance({ db: handle.db, userId })).toBe(500);
    const state = await getSubscriptionState(handle.db, userId);
    expect(state).toMatchObject({ planId: "pro", active: true, cancelled: false });
    expect(state!.periodEnd.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(await listPayments(handle.db, userId)).toMatchObject([{ kind: "subscription", productId: "pro", status: "paid", tokens: 500, amountGrosze: 8499 }]);
  });

  it("shows nothing of another user's checkout and needs the consent", async () => {
    const owner = await insertUser(handle);
    const stranger = await insertUser(handle);
    const { sessionId } = await buy(owner, "mini");
    expect(await verifyCheckout(ctx, { userId: stranger, sessionId })).toEqual({ state: "notFound" });
    await expect(tester().pay(stranger, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(startCheckout(ctx, { userId: stranger, productId: "mini", withdrawalConsent: false, locale: "pl" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(await getBalance({ db: handle.db, userId: stranger })).toBe(0);
  });

  it("refuses a second subscription while one is active, but sells packs", async () => {
    const userId = await insertUser(handle);
    await buy(userId, "mini").then(({ events }) => deliver(events));
    await expect(startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "pl" })).rejects.toMatchObject({ code: "CONFLICT" });
    const { sessionId } = await buy(userId, "pack10");
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "paid", kind: "pack", tokensAdded: 10, balance: 40 });
  });

  it("closes a plan's checkout left open once another plan is paid, so it cannot charge a second subscription", async () => {
    const userId = await insertUser(handle);
    const open = async (productId: "pro" | "mini" | "pack10") => {
      const { url } = await startCheckout(ctx, { userId, productId, withdrawalConsent: true, locale: "pl" });
      return new URL(url, "http://x").searchParams.get("session_id")!;
    };
    const [left, pack, paid] = [await open("pro"), await open("pack10"), await open("pro")];
    await deliver((await tester().pay(userId, paid)).events);
    await expect(tester().pay(userId, left)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "sessionClosed" } });
    expect(await verifyCheckout(ctx, { userId, sessionId: left })).toMatchObject({ state: "expired" });
    // A pack is no second subscription: its checkout stays open.
    await deliver((await tester().pay(userId, pack)).events);
    expect(await listPayments(handle.db, userId)).toHaveLength(2);
    expect(await getBalance({ db: handle.db, userId })).toBe(510);
  });

  it("a failed payment adds nothing and says so", async () => {
    const userId = await insertUser(handle);
    const { url } = await startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "en" });
    const sessionId = new URL(url, "http://x").searchParams.get("session_id")!;
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "pending" });
    await deliver((await tester().failPayment(userId, sessionId)).events);
    expect(await verifyCheckout(ctx, { userId, sessionId })).toMatchObject({ state: "failed" });
    expect(await getSubscriptionState(handle.db, userId)).toBeNull();
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("cancels, resumes, renews, fails a renewal, renews after it, and ends at the period end with the tokens kept", async () => {
    const userId = await insertUser(handle);
    await buy(userId, "pro").then(({ events }) => deliver(events));
    const subId = (await getSubscriptionState(handle.db, userId))!.providerSubscriptionId;
    const firstEnd = (await getSubscriptionState(handle.db, userId))!.periodEnd;

    expect(await cancelSubscription(ctx, { userId })).toMatchObject({ active: true, cancelled: true });
    await expect(tester().renew(userId, subId)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await resumeSubscription(ctx, { userId })).toMatchObject({ active: true, cancelled: false });

    const renewal = await tester().renew(userId, subId);
    await deliver(renewal);
    await deliver(renewal); // a replay
    expect(await getBalance({ db: handle.db, userId })).toBe(1000);
    const secondEnd = (await getSubscriptionState(handle.db, userId))!.periodEnd;
    expect(secondEnd.getTime()).toBeGreaterThan(firstEnd.getTime());

    await deliver(await tester().failRenewal(userId, subId));
    const pastDue = (await getSubscriptionState(handle.db, userId))!;
    expect(pastDue).toMatchObject({ active: true, pastDue: true });
    expect(pastDue.periodEnd).toEqual(secondEnd); // a failed renewal does not extend access
    expect(await getBalance({ db: handle.db, userId })).toBe(1000);

    await deliver(await tester().renew(userId, subId)); // the retry succeeds
    expect(await getBalance({ db: handle.db, userId })).toBe(1500);
    expect((await getSubscriptionState(handle.db, userId))!).toMatchObject({ pastDue: false });

    await deliver(await tester().failRenewal(userId, subId));
    await deliver(await tester().passPeriodEnd(userId, subId));
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ active: false, cancelled: true });
    expect(await getBalance({ db: handle.db, userId })).toBe(1500);
    await expect(cancelSubscription(ctx, { userId })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const kinds = (await listPayments(handle.db, userId)).map((p) => `${p.kind}:${p.status}`).sort();
    expect(kinds).toEqual(["renewal:failed", "renewal:failed", "renewal:paid", "renewal:paid", "subscription:paid"]);
    const ledger = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(ledger.map((e) => e.kind).sort()).toEqual(["purchase", "renewal", "renewal"]);

    // After it ended, a new subscription can be bought.
    await buy(userId, "mini").then(({ events }) => deliver(events));
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ active: true, planId: "mini" });
  });

  it("changes plan from the next period: the current period keeps its plan, the renewal charges the new one", async () => {
    const userId = await insertUser(handle);
    await buy(userId, "mini").then(({ events }) => deliver(events));
    expect(await changePlan(ctx, { userId, planId: "enterprise" })).toMatchObject({ planId: "mini", nextPlanId: "enterprise" });
    const subId = (await getSubscriptionState(handle.db, userId))!.providerSubscriptionId;
    await deliver(await tester().renew(userId, subId));
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ planId: "enterprise", nextPlanId: null });
    expect(await getBalance({ db: handle.db, userId })).toBe(30 + 1500);
    const [renewal] = await handle.db.select().from(payment).where(eq(payment.userId, userId)).orderBy(payment.createdAt).offset(1);
    expect(renewal).toMatchObject({ kind: "renewal", productId: "enterprise", amountGrosze: 10499 });
  });

  it("a scheduled change of plan can be taken back: the renewal keeps the current plan", async () => {
    const userId = await insertUser(handle);
    await buy(userId, "mini").then(({ events }) => deliver(events));
    await changePlan(ctx, { userId, planId: "pro" });
    expect(await changePlan(ctx, { userId, planId: "mini" })).toMatchObject({ planId: "mini", nextPlanId: null });
    const subId = (await getSubscriptionState(handle.db, userId))!.providerSubscriptionId;
    await deliver(await tester().renew(userId, subId));
    expect(await getSubscriptionState(handle.db, userId)).toMatchObject({ planId: "mini", nextPlanId: null });
    expect(await getBalance({ db: handle.db, userId })).toBe(60);
  });

  it("passing the period end of a healthy subscription renews it, as the provider would charge", async () => {
    const userId = await insertUser(handle);
    await buy(userId, "mini").then(({ events }) => deliver(events));
    const [row] = await handle.db.select().from(subscription).where(eq(subscription.userId, userId));
    await deliver(await tester().passPeriodEnd(userId, row!.providerSubscriptionId));
    expect(await getBalance({ db: handle.db, userId })).toBe(60);
  });

  it("returns the buyer to the origin they ordered from", async () => {
    const userId = await insertUser(handle);
    const { url } = await startCheckout(ctx, { userId, productId: "pack10", withdrawalConsent: true, locale: "en", origin: "http://127.0.0.1:3107" });
    const sessionId = new URL(url, "http://x").searchParams.get("session_id")!;
    const { successUrl } = await tester().pay(userId, sessionId);
    expect(successUrl).toBe(`http://127.0.0.1:3107/en/payment-success?session_id=${sessionId}`);
  });

  it("works only while the sandbox is the configured provider: after a switch to Stripe nothing pays or renews", async () => {
    const userId = await insertUser(handle);
    await buy(userId, "pro").then(({ events }) => deliver(events));
    const subId = (await getSubscriptionState(handle.db, userId))!.providerSubscriptionId;
    const { url } = await startCheckout(ctx, { userId, productId: "pack10", withdrawalConsent: true, locale: "pl" });
    const openSession = new URL(url, "http://x").searchParams.get("session_id")!;

    const switched = sandboxTester(handle.db, { configuredProvider: "stripe" });
    for (const action of ["renew", "failRenewal", "passPeriodEnd"] as const) {
      await expect(switched[action](userId, subId), action).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(switched.pay(userId, openSession)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(switched.failPayment(userId, openSession)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await switched.session(userId, openSession)).toBeNull();
    expect(await switched.subscriptions(userId)).toEqual([]);
    expect(await getBalance({ db: handle.db, userId })).toBe(500);
  });

  it("e-mails one order confirmation with the price, VAT, consent and how to cancel", async () => {
    const email = `buyer-${Date.now()}@example.test`;
    const userId = await insertUser(handle, { email });
    const { sessionId, events } = await buy(userId, "pro");
    await deliver(events);
    await verifyCheckout(ctx, { userId, sessionId });
    const dir = path.join(outbox, "mail");
    const files = (await readdir(dir)).filter((f) => f.includes(email));
    expect(files).toHaveLength(1);
    // The text part, quoted-printable decoded.
    const raw = await readFile(path.join(dir, files[0]!), "utf8");
    const text = Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
    expect(text).toContain("Pro – 500 tokenów co miesiąc");
    expect(text).toMatch(/84,99\szł brutto miesięcznie, w tym 23% VAT: 15,89\szł/);
    expect(text).toContain("utratę prawa odstąpienia");
    expect(text).toContain("Anuluj subskrypcję");
  });

  it("lets a team's owner, and only the owner, cancel, resume and change the team's subscription", async () => {
    const { createTeam } = await import("@/server/teams/create-team");
    const { inviteToTeam } = await import("@/server/teams/invite-to-team");
    const { acceptInvitation } = await import("@/server/teams/accept-invitation");
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Wisła" });
    // The owner's own active subscription does not stand in the way of the team's.
    await buy(ownerId, "mini").then(({ events }) => deliver(events));
    const { url } = await startCheckout(ctx, { userId: ownerId, productId: "pro", withdrawalConsent: true, locale: "pl", teamId });
    const teamCheckout = new URL(url, "http://x").searchParams.get("session_id")!;
    await deliver((await tester().pay(ownerId, teamCheckout)).events);
    // The success page names the team and its pool, not the owner's own balance.
    expect(await verifyCheckout(ctx, { userId: ownerId, sessionId: teamCheckout })).toEqual({ state: "paid", kind: "subscription", productId: "pro", tokensAdded: 500, balance: 500, team: { name: "Wisła" } });
    const email = `admin-${Date.now()}@example.test`;
    const adminId = await insertUser(handle, { email });
    const { token } = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "admin", locale: "pl" });
    await acceptInvitation({ db: handle.db, userId: adminId, token });

    await expect(cancelSubscription(ctx, { userId: adminId, teamId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(changePlan(ctx, { userId: adminId, teamId, planId: "mini" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // The owner's own (personal) subscription is another thing.
    expect(await getSubscriptionState(handle.db, ownerId)).toMatchObject({ planId: "mini", active: true });
    expect(await getSubscriptionState(handle.db, ownerId, teamId)).toMatchObject({ planId: "pro", cancelled: false });

    expect(await changePlan(ctx, { userId: ownerId, teamId, planId: "enterprise" })).toMatchObject({ planId: "pro", nextPlanId: "enterprise" });
    expect(await cancelSubscription(ctx, { userId: ownerId, teamId })).toMatchObject({ active: true, cancelled: true });
    expect(await resumeSubscription(ctx, { userId: ownerId, teamId })).toMatchObject({ active: true, cancelled: false });
    const subId = (await getSubscriptionState(handle.db, ownerId, teamId))!.providerSubscriptionId;
    await deliver(await tester().renew(ownerId, subId));
    expect(await getSubscriptionState(handle.db, ownerId, teamId)).toMatchObject({ planId: "enterprise" });
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(500 + 1500);
  });
});
