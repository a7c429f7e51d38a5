import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { checkoutOrder, invoice, payment, subscription } from "@/server/db/schema";
import type { BillingContext } from "@/server/billing/billing-context";
import { handlePaymentEvent } from "@/server/billing/handle-payment-event";
import { startCheckout } from "@/server/billing/start-checkout";
import { createSandboxProvider, sandboxTester } from "@/server/payments/sandbox-provider";
import { acceptInvitation } from "@/server/teams/accept-invitation";
import { createTeam } from "@/server/teams/create-team";
import { inviteToTeam } from "@/server/teams/invite-to-team";
import { getBalance } from "@/server/tokens/get-balance";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { issueCorrection } from "./issue-correction";
import { issueInvoice } from "./issue-invoice";
import { saveBillingDetails } from "./save-billing-details";
import { createKsefClient } from "./create-ksef-client";
import { fileInvoiceWithKsef } from "./file-invoice-with-ksef";
import { FakeKsef } from "~/tests/fakes/ksef";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aranzer-invoices-"));
  process.env.DATA_DIR = dataDir; // the .eml outbox of order confirmations and invitations
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const company = { companyName: "Biuro Nieruchomości Wisła sp. z o.o.", taxId: "526-025-02-74", street: "ul. Złota 44", postalCode: "00-120", city: "Warszawa" };

describe.each(testDatabases())("invoices on $name", ({ open }) => {
  let handle: Handle;
  let ctx: BillingContext;
  beforeAll(async () => {
    handle = await open();
    ctx = { db: handle.db, provider: () => createSandboxProvider(handle.db), checkoutProvider: "sandbox" };
  });
  afterAll(() => handle.close());

  const tester = () => sandboxTester(handle.db, { configuredProvider: "sandbox" });
  async function buy(userId: string, productId: "pro" | "pack10", options: { invoice?: boolean; teamId?: string; extraSeats?: number } = {}) {
    const { url } = await startCheckout(ctx, { userId, productId, withdrawalConsent: true, locale: "pl", ...options });
    const sessionId = new URL(url, "http://x").searchParams.get("session_id")!;
    const { events } = await tester().pay(userId, sessionId);
    for (const event of events) await handlePaymentEvent(ctx, "sandbox", event);
    return sessionId;
  }
  const invoicesOf = (userId: string) => handle.db.select().from(invoice).where(eq(invoice.userId, userId)).orderBy(invoice.seq);

  it("issues a VAT invoice for a team's Pro bought with an invoice, and for its renewal, once each; the pool gets the tokens", async () => {
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Wisła" });
    await saveBillingDetails({ db: handle.db, userId: ownerId, details: company });
    await buy(ownerId, "pro", { invoice: true, teamId });
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(500);
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(0);
    const [first] = await invoicesOf(ownerId);
    expect(first).toMatchObject({ kind: "invoice", series: "FV", teamId, grossGrosze: 8499, vatGrosze: 1589, netGrosze: 6910, buyer: { taxId: "5260250274", country: "PL" } });
    expect(first!.number).toBe(`FV/${first!.seq}/${first!.year}`);
    expect(first!.periodEnd.getTime() - first!.periodStart.getTime()).toBeGreaterThan(27 * 86_400_000);
    expect(first!.xml).toContain("<NIP>5260250274</NIP>");
    const [sub] = await handle.db.select().from(subscription).where(eq(subscription.teamId, teamId));
    for (const event of await tester().renew(ownerId, sub!.providerSubscriptionId)) {
      await handlePaymentEvent(ctx, "sandbox", event);
      await handlePaymentEvent(ctx, "sandbox", event);
    }
    const both = await invoicesOf(ownerId);
    expect(both.map((i) => i.seq)).toEqual([first!.seq, first!.seq + 1]);
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(1000);
  });

  it("sells extra seats with a team's plan: charged with it and its renewals, counted while it is paid, named on the invoice", async () => {
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Wisła" });
    await saveBillingDetails({ db: handle.db, userId: ownerId, details: company });
    await expect(startCheckout(ctx, { userId: ownerId, productId: "pro", withdrawalConsent: true, locale: "pl", extraSeats: 2 })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "extraSeatsTeamPlan" } });
    await expect(startCheckout(ctx, { userId: ownerId, productId: "pack10", withdrawalConsent: true, locale: "pl", teamId, extraSeats: 2 })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "extraSeatsTeamPlan" } });
    await expect(startCheckout(ctx, { userId: ownerId, productId: "pro", withdrawalConsent: true, locale: "pl", teamId, extraSeats: 51 })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "extraSeats" } });
    await buy(ownerId, "pro", { invoice: true, teamId, extraSeats: 2 });
    const { getTeam } = await import("@/server/teams/get-team");
    expect(await getTeam({ db: handle.db, userId: ownerId, teamId })).toMatchObject({ seats: 5, seatsUsed: 1 });
    const [sub] = await handle.db.select().from(subscription).where(eq(subscription.teamId, teamId));
    for (const event of await tester().renew(ownerId, sub!.providerSubscriptionId)) await handlePaymentEvent(ctx, "sandbox", event);
    // The owner adds a seat: it counts at once and is charged from the next renewal, which keeps it.
    const { changeExtraSeats } = await import("@/server/billing/manage-subscription");
    await expect(changeExtraSeats(ctx, { userId: ownerId, teamId, extraSeats: 51 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await changeExtraSeats(ctx, { userId: ownerId, teamId, extraSeats: 3 });
    expect(await getTeam({ db: handle.db, userId: ownerId, teamId })).toMatchObject({ seats: 6 });
    for (const event of await tester().renew(ownerId, sub!.providerSubscriptionId)) await handlePaymentEvent(ctx, "sandbox", event);
    expect(await getTeam({ db: handle.db, userId: ownerId, teamId })).toMatchObject({ seats: 6 });
    const paid = await handle.db.select({ amount: payment.amountGrosze }).from(payment).where(eq(payment.teamId, teamId)).orderBy(payment.createdAt);
    expect(paid.map((p) => p.amount)).toEqual([8499 + 2 * 1999, 8499 + 2 * 1999, 8499 + 3 * 1999]);
    const [first, , third] = await invoicesOf(ownerId);
    expect(third).toMatchObject({ extraSeats: 3, grossGrosze: 8499 + 3 * 1999 });
    expect(first).toMatchObject({ extraSeats: 2, grossGrosze: 12497 });
    expect(first!.xml).toContain("<P_7>Aranżer Pro – subskrypcja miesięczna (500 tokenów) z 2 dodatkowymi miejscami w zespole</P_7>");
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(1500);
    const mail = (await readdir(path.join(dataDir, "mail"))).find((f) => f.includes(ownerId));
    const text = (await readFile(path.join(dataDir, "mail", mail!), "utf8")).replace(/=\r?\n/g, "");
    expect(text).toContain("Dodatkowe miejsca w zespole: 2");
    // Once the plan ends, its extra seats end with it.
    await handle.db.update(subscription).set({ paidUntil: new Date(Date.now() - 1000) }).where(eq(subscription.id, sub!.id));
    expect(await getTeam({ db: handle.db, userId: ownerId, teamId })).toMatchObject({ seats: 1 });
  });

  it("gives a consumer no invoice, and refuses an invoice without company details and a team purchase by a non-owner", async () => {
    const person = await insertUser(handle);
    await buy(person, "pack10");
    expect(await invoicesOf(person)).toEqual([]);
    expect(await getBalance({ db: handle.db, userId: person })).toBe(10);
    await expect(startCheckout(ctx, { userId: person, productId: "pack10", withdrawalConsent: true, locale: "pl", invoice: true })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Wisła" });
    const email = `${randomUUID()}@example.test`;
    const agentId = await insertUser(handle, { email });
    await handle.db.insert(subscription).values({ userId: ownerId, teamId, provider: "sandbox", providerSubscriptionId: `sub_${teamId}`, planId: "pro", status: "active", paidUntil: new Date(Date.now() + 86_400_000) });
    const { token } = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "admin", locale: "pl" });
    await acceptInvitation({ db: handle.db, userId: agentId, token });
    await expect(startCheckout(ctx, { userId: agentId, productId: "pack10", withdrawalConsent: true, locale: "pl", teamId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await handle.db.select().from(checkoutOrder).where(eq(checkoutOrder.userId, agentId))).toEqual([]);
  });

  it("numbers 25 invoices of parallel payments without a gap or a duplicate", async () => {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: company });
    const paid = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const [order] = await handle.db
          .insert(checkoutOrder)
          .values({ userId, provider: "sandbox", productId: "pack10", kind: "pack", amountGrosze: 1499, locale: "pl", invoiceRequested: true, withdrawalConsentAt: new Date(), providerSessionId: `cs_${userId}_${i}` })
          .returning();
        const [row] = await handle.db
          .insert(payment)
          .values({ userId, provider: "sandbox", providerPaymentId: `cs_${userId}_${i}`, kind: "pack", productId: "pack10", amountGrosze: 1499, status: "paid", tokens: 10 })
          .returning();
        return { orderId: order!.id, paymentId: row!.id };
      }),
    );
    const issued = await Promise.all(paid.flatMap((p) => [issueInvoice({ db: handle.db, ...p }), issueInvoice({ db: handle.db, ...p })]));
    expect(new Set(issued.map((i) => i!.id)).size).toBe(25);
    const all = (await handle.db.select({ seq: invoice.seq }).from(invoice).where(and(eq(invoice.series, "FV")))).map((r) => r.seq).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    // A pack's service is the day it was paid.
    expect(issued[0]!.periodStart.getTime()).toBe(issued[0]!.periodEnd.getTime());
  });

  it("corrects a refunded invoice once, in its own series, naming the invoice", async () => {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: company });
    await buy(userId, "pack10", { invoice: true });
    const [original] = await invoicesOf(userId);
    const correction = (await issueCorrection({ db: handle.db, invoiceId: original!.id }))!;
    const again = (await issueCorrection({ db: handle.db, invoiceId: original!.id }))!;
    expect(again.id).toBe(correction.id);
    expect(correction).toMatchObject({ kind: "correction", series: "KOR", correctsInvoiceId: original!.id, grossGrosze: 1499 });
    expect(correction.xml).toContain(`<NrFaKorygowanej>${original!.number}</NrFaKorygowanej>`);
    expect(correction.xml).toContain("<P_15>-14.99</P_15>");
  });

  it("charges a business in another EU country the net price, for the plan and its renewal, and invoices it under reverse charge", async () => {
    const ownerId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId: ownerId, details: { ...company, taxId: "DE123456789" } });
    await buy(ownerId, "pro", { invoice: true });
    const [sub] = await handle.db.select().from(subscription).where(eq(subscription.userId, ownerId));
    for (const event of await tester().renew(ownerId, sub!.providerSubscriptionId)) await handlePaymentEvent(ctx, "sandbox", event);
    const paid = await handle.db.select({ amount: payment.amountGrosze }).from(payment).where(eq(payment.userId, ownerId));
    expect(paid.map((p) => p.amount)).toEqual([6910, 6910]);
    const issued = await invoicesOf(ownerId);
    expect(issued).toHaveLength(2);
    for (const one of issued) {
      expect(one).toMatchObject({ reverseCharge: true, grossGrosze: 6910, netGrosze: 6910, vatGrosze: 0, buyer: { taxId: "DE123456789", country: "DE" } });
      expect(one.xml).toContain("<P_13_9>69.10</P_13_9><P_15>69.10</P_15>");
      expect(one.xml).toContain("<P_18>1</P_18>");
    }
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(1000);
    // A Polish company pays the gross price as listed; Northern Ireland (XI, goods only) is charged as before.
    const polish = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId: polish, details: company });
    await buy(polish, "pack10", { invoice: true });
    expect((await invoicesOf(polish))[0]).toMatchObject({ reverseCharge: false, grossGrosze: 1499, vatGrosze: 280 });
    const northernIrish = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId: northernIrish, details: { ...company, taxId: "XI123456789" } });
    await buy(northernIrish, "pack10", { invoice: true });
    expect((await invoicesOf(northernIrish))[0]).toMatchObject({ reverseCharge: false, grossGrosze: 1499 });
  });

  it("files an invoice with KSeF once and writes its KSeF number back; a correction then names it", async () => {
    const fake = new FakeKsef();
    const client = createKsefClient({ baseUrl: await fake.start(), nip: fake.nip, token: fake.token, pollMs: 1 });
    try {
      const userId = await insertUser(handle);
      await saveBillingDetails({ db: handle.db, userId, details: company });
      await buy(userId, "pack10", { invoice: true });
      const [issued] = await invoicesOf(userId);
      const [first, second] = await Promise.all([fileInvoiceWithKsef({ db: handle.db, invoiceId: issued!.id, client }), fileInvoiceWithKsef({ db: handle.db, invoiceId: issued!.id, client })]);
      expect([first, second]).toEqual([null, null]);
      expect(fake.received).toEqual([issued!.xml]);
      const number = await fileInvoiceWithKsef({ db: handle.db, invoiceId: issued!.id, client });
      expect(number).toMatch(/^1234563218-/);
      expect((await invoicesOf(userId))[0]!.ksefNumber).toBe(number);
      const correction = (await issueCorrection({ db: handle.db, invoiceId: issued!.id }))!;
      expect(correction.xml).toContain(`<NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>${number}</NrKSeFFaKorygowanej>`);
    } finally {
      await fake.stop();
    }
  });
});
