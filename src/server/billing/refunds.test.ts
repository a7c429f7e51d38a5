import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vatOf } from "@/config/plans";
import type { Handle } from "@/server/db/client";
import { invoice, payment, subscription, tokenLedger } from "@/server/db/schema";
import { correctRefundedInvoice } from "@/server/invoices/correct-refunded-invoice";
import { createKsefClient } from "@/server/invoices/create-ksef-client";
import { saveBillingDetails } from "@/server/invoices/save-billing-details";
import type { ProviderEvent } from "@/server/payments/provider-event";
import { createSandboxProvider, sandboxTester } from "@/server/payments/sandbox-provider";
import { acceptInvitation } from "@/server/teams/accept-invitation";
import { createTeam } from "@/server/teams/create-team";
import { inviteToTeam } from "@/server/teams/invite-to-team";
import { getBalance } from "@/server/tokens/get-balance";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { FakeKsef } from "~/tests/fakes/ksef";
import { insertUser, testDatabases } from "~/tests/support/databases";
import type { BillingContext } from "./billing-context";
import { handlePaymentEvent } from "./handle-payment-event";
import { startCheckout } from "./start-checkout";
import { tokensDueBack } from "./apply-refund";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aranzer-refunds-"));
  process.env.DATA_DIR = dataDir; // the .eml outbox of order confirmations and invitations
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const company = { companyName: "Biuro Nieruchomości Wisła sp. z o.o.", taxId: "5260250274", street: "ul. Złota 44", postalCode: "00-120", city: "Warszawa" };

describe("the tokens a refund takes back", () => {
  it("are the refunded share of what the payment added, rounded, and all of them for a full refund", () => {
    expect(tokensDueBack({ tokens: 500, amountGrosze: 8499 }, 8499)).toBe(500);
    expect(tokensDueBack({ tokens: 500, amountGrosze: 8499 }, 4000)).toBe(235);
    expect(tokensDueBack({ tokens: 10, amountGrosze: 1499 }, 99_999)).toBe(10);
    expect(tokensDueBack({ tokens: 10, amountGrosze: 0 }, 100)).toBe(0);
  });
});

describe.each(testDatabases())("refunds through the sandbox on $name", ({ open }) => {
  let handle: Handle;
  let ctx: BillingContext;
  beforeAll(async () => {
    handle = await open();
    ctx = { db: handle.db, provider: () => createSandboxProvider(handle.db), checkoutProvider: "sandbox" };
  });
  afterAll(() => handle.close());

  const tester = () => sandboxTester(handle.db, { configuredProvider: "sandbox" });
  async function deliver(events: ProviderEvent[]) {
    for (const event of events) await handlePaymentEvent(ctx, "sandbox", event);
  }
  async function buy(userId: string, productId: "pro" | "pack10", options: { invoice?: boolean; teamId?: string } = {}) {
    const { url } = await startCheckout(ctx, { userId, productId, withdrawalConsent: true, locale: "pl", ...options });
    const sessionId = new URL(url, "http://x").searchParams.get("session_id")!;
    await deliver((await tester().pay(userId, sessionId)).events);
    return sessionId;
  }
  const paymentOf = async (userId: string) => (await handle.db.select().from(payment).where(eq(payment.userId, userId)))[0]!;
  const invoicesOf = (userId: string) => handle.db.select().from(invoice).where(eq(invoice.userId, userId)).orderBy(invoice.series, invoice.seq);

  it("a full refund of a pack takes its tokens back and corrects its invoice once, however often it is reported", async () => {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: company });
    const sessionId = await buy(userId, "pack10", { invoice: true });
    expect(await getBalance({ db: handle.db, userId })).toBe(10);
    const events = await tester().refund(userId, sessionId);
    for (let i = 0; i < 3; i++) await deliver(events);
    // A new event id of the same refund (the provider's retry after a lost answer) changes nothing either.
    await deliver(events.map((e) => ({ ...e, id: `${e.id}-again` })));
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    expect(await paymentOf(userId)).toMatchObject({ refundedGrosze: 1499, tokensTakenBack: 10 });
    const [original, correction, ...more] = await invoicesOf(userId);
    expect(more).toEqual([]);
    expect(correction).toMatchObject({ kind: "correction", series: "KOR", correctsInvoiceId: original!.id, grossGrosze: 1499, vatGrosze: original!.vatGrosze, netGrosze: original!.netGrosze });
    expect(correction!.xml).toContain(`<NrFaKorygowanej>${original!.number}</NrFaKorygowanej>`);
    expect(correction!.xml).toContain("<P_15>-14.99</P_15>");
    await expect(tester().refund(userId, sessionId, 1)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("takes back only unspent tokens: what was used stays used, the balance never goes below zero", async () => {
    const userId = await insertUser(handle);
    const sessionId = await buy(userId, "pack10");
    await spendTokens({ db: handle.db, userId, amount: 7, idempotencyKey: `spend:${userId}` });
    await deliver(await tester().refund(userId, sessionId));
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    expect(await paymentOf(userId)).toMatchObject({ refundedGrosze: 1499, tokensTakenBack: 3 });
    const entries = await handle.db.select().from(tokenLedger).where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.kind, "adjustment")));
    expect(entries).toMatchObject([{ amount: -3, balanceAfter: 0 }]);
    // A consumer's order had no invoice, so its refund has no correction.
    expect(await invoicesOf(userId)).toEqual([]);
  });

  it("partial refunds of a team's plan take their share from the pool and get one correction each, adding up to the invoice", async () => {
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Wisła" });
    await saveBillingDetails({ db: handle.db, userId: ownerId, details: company });
    await buy(ownerId, "pro", { invoice: true, teamId });
    const email = `${randomUUID()}@example.test`;
    const agentId = await insertUser(handle, { email });
    const { token } = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "agent", locale: "pl" });
    await acceptInvitation({ db: handle.db, userId: agentId, token });
    await spendTokens({ db: handle.db, userId: agentId, teamId, amount: 100, idempotencyKey: `spend:${agentId}` });
    const [sub] = await handle.db.select().from(subscription).where(eq(subscription.teamId, teamId));
    const [paid] = await tester().payments(ownerId);
    expect(paid).toMatchObject({ productId: "pro", amountGrosze: 8499, refundedGrosze: 0 });

    await deliver(await tester().refund(ownerId, paid!.id, 4000));
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(500 - 100 - 235);
    await deliver(await tester().refund(ownerId, paid!.id));
    // 265 more were due; the pool had 165 left.
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(0);
    expect(await paymentOf(ownerId)).toMatchObject({ teamId, refundedGrosze: 8499, tokensTakenBack: 400 });
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(0);

    const [original, first, second] = await invoicesOf(ownerId);
    expect(first).toMatchObject({ kind: "correction", teamId, grossGrosze: 4000, vatGrosze: vatOf(4000), netGrosze: 4000 - vatOf(4000) });
    expect(second).toMatchObject({ kind: "correction", grossGrosze: 4499, seq: first!.seq + 1 });
    expect(first!.grossGrosze + second!.grossGrosze).toBe(original!.grossGrosze);
    expect(first!.vatGrosze + second!.vatGrosze).toBe(original!.vatGrosze);
    expect(first!.xml).toContain("<PrzyczynaKorekty>Częściowy zwrot płatności</PrzyczynaKorekty>");
    expect(first!.xml).toContain("<P_8B>1</P_8B><P_9B>-40.00</P_9B>");
    // The subscription itself is the operator's to end: a refund does not cancel it.
    expect(sub!.status).toBe("active");
  });

  it("files the correction with KSeF, naming the corrected invoice's KSeF number", async () => {
    const fake = new FakeKsef();
    const client = createKsefClient({ baseUrl: await fake.start(), nip: fake.nip, token: fake.token, pollMs: 1 });
    try {
      const userId = await insertUser(handle);
      await saveBillingDetails({ db: handle.db, userId, details: company });
      await buy(userId, "pack10", { invoice: true });
      const [issued] = await invoicesOf(userId);
      const { fileInvoiceWithKsef } = await import("@/server/invoices/file-invoice-with-ksef");
      await fileInvoiceWithKsef({ db: handle.db, invoiceId: issued!.id, client });
      const ksefNumber = await fileInvoiceWithKsef({ db: handle.db, invoiceId: issued!.id, client });
      const correction = await correctRefundedInvoice({ db: handle.db, paymentId: issued!.paymentId, refundedGrosze: 1499, filer: client });
      expect(correction!.xml).toContain(`<NrKSeFFaKorygowanej>${ksefNumber}</NrKSeFFaKorygowanej>`);
      expect(fake.received).toEqual([issued!.xml, correction!.xml]);
      const [, filed] = await invoicesOf(userId);
      expect(filed!.ksefReference).not.toBeNull();
    } finally {
      await fake.stop();
    }
  });

  it("refuses to refund another person's payment or more than was paid", async () => {
    const userId = await insertUser(handle);
    const other = await insertUser(handle);
    const sessionId = await buy(userId, "pack10");
    await expect(tester().refund(other, sessionId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(tester().refund(userId, sessionId, 1500)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await getBalance({ db: handle.db, userId })).toBe(10);
  });
});
