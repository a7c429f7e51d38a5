import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BillingContext } from "@/server/billing/billing-context";
import { startCheckout } from "@/server/billing/start-checkout";
import type { Handle } from "@/server/db/client";
import { checkoutOrder } from "@/server/db/schema";
import { errorAnswer } from "@/server/http/error-answer";
import { createSandboxProvider } from "@/server/payments/sandbox-provider";
import { FakeVies } from "~/tests/fakes/vies";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { createViesChecker } from "./create-vies-checker";
import { saveBillingDetails } from "./save-billing-details";

const fake = new FakeVies();
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await fake.start();
  fake.registered.set("DE123456789", { name: "Spree Immobilien GmbH", address: "Unter den Linden 1\n10117 Berlin" });
  fake.registered.set("EL094259216", { name: "---", address: "---" });
});
afterAll(() => fake.stop());

describe("the VIES check of an EU VAT number", () => {
  it("says valid (with what the member state tells), invalid, or unavailable for an outage, an error answer or no answer at all", async () => {
    const vies = createViesChecker({ baseUrl });
    expect(await vies.check({ country: "DE", number: "123456789" })).toEqual({ result: "valid", name: "Spree Immobilien GmbH", address: "Unter den Linden 1\n10117 Berlin" });
    expect(fake.requests.at(-1)).toEqual({ countryCode: "DE", vatNumber: "123456789" });
    // Greece is EL in VIES; a member state that withholds the name says "---".
    expect(await vies.check({ country: "EL", number: "094259216" })).toEqual({ result: "valid", name: null, address: null });
    expect(await vies.check({ country: "FR", number: "40303265045" })).toMatchObject({ result: "invalid" });
    fake.unavailable.add("FR");
    expect(await vies.check({ country: "FR", number: "40303265045" })).toMatchObject({ result: "unavailable" });
    fake.unavailable.clear();
    fake.down = true;
    expect(await vies.check({ country: "DE", number: "123456789" })).toMatchObject({ result: "unavailable" });
    fake.down = false;
    // Nobody listening: the port of a stopped server.
    const gone = new FakeVies();
    const goneUrl = await gone.start();
    await gone.stop();
    expect(await createViesChecker({ baseUrl: goneUrl }).check({ country: "DE", number: "123456789" })).toMatchObject({ result: "unavailable" });
  });
});

describe.each(testDatabases())("checkout with a VIES check on $name", ({ open }) => {
  let handle: Handle;
  let ctx: BillingContext;
  beforeAll(async () => {
    handle = await open();
    ctx = { db: handle.db, provider: () => createSandboxProvider(handle.db), checkoutProvider: "sandbox", vatNumbers: createViesChecker({ baseUrl }) };
  });
  afterAll(() => handle.close());

  async function buyer(taxId: string) {
    const userId = await insertUser(handle);
    await saveBillingDetails({ db: handle.db, userId, details: { companyName: "Firma", taxId, street: "Straße 1", postalCode: "10117", city: "Berlin" } });
    return userId;
  }
  const orders = (userId: string) => handle.db.select({ amount: checkoutOrder.amountGrosze, reverseCharge: checkoutOrder.reverseCharge }).from(checkoutOrder).where(eq(checkoutOrder.userId, userId));
  const order = (userId: string) => startCheckout(ctx, { userId, productId: "pro", withdrawalConsent: true, locale: "en", invoice: true });

  it("charges net only a number VIES confirms; refuses one it does not, and says so when VIES does not answer, charging nothing", async () => {
    const confirmed = await buyer("DE 123456789");
    await order(confirmed);
    expect(await orders(confirmed)).toEqual([{ amount: 6910, reverseCharge: true }]);

    const unknown = await buyer("FR40303265045");
    const refused = await order(unknown).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "INVALID_INPUT", details: { field: "taxId", reason: "vatNotInVies" } });
    expect(errorAnswer(refused, { locale: "pl", context: "test" }).message).toContain("VIES");
    expect(await orders(unknown)).toEqual([]);

    fake.unavailable.add("DE");
    const waiting = await buyer("DE123456789");
    const down = await order(waiting).catch((e: unknown) => e);
    expect(down).toMatchObject({ code: "BUSY", details: { reason: "viesUnavailable" } });
    expect(errorAnswer(down, { locale: "en", context: "test" })).toMatchObject({ status: 503, message: expect.stringContaining("VIES is not answering") });
    expect(await orders(waiting)).toEqual([]);
    fake.unavailable.clear();

    // A Polish NIP asks VIES nothing and pays the gross price.
    const asked = fake.requests.length;
    const polish = await buyer("5260250274");
    await order(polish);
    expect(await orders(polish)).toEqual([{ amount: 8499, reverseCharge: false }]);
    expect(fake.requests.length).toBe(asked);
  });
});
