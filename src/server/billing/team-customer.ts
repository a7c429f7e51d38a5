import "server-only";
import { eq } from "drizzle-orm";
import type { BuyerDetails, PaymentProviderId } from "@/server/db/schema";
import { team } from "@/server/db/schema";
import { parseTaxId } from "@/schemas/invoices";
import type { BillingContext } from "./billing-context";

/**
 * The team's own customer at the provider, made on its first purchase and brought up to date on each: the
 * company's name, address and tax id when an invoice is asked for (else the team's name), the buyer's e-mail, the
 * team's id in its metadata. Kept on the team, so a purchase after a handover of ownership still goes to the team's
 * customer, not the new owner's personal one. A customer Stripe made for an earlier team subscription is taken
 * over. Null where the provider keeps no customers.
 */
export async function teamCustomer(
  ctx: BillingContext,
  input: { providerId: PaymentProviderId; teamId: string; buyer: BuyerDetails | null; email: string; earlier: string | null },
): Promise<string | null> {
  const [row] = await ctx.db.select({ name: team.name, customerId: team.providerCustomerId }).from(team).where(eq(team.id, input.teamId));
  if (!row) return null;
  const { buyer } = input;
  const id = buyer ? parseTaxId(buyer.taxId) : null;
  const customerId = await ctx.provider(input.providerId).saveCustomer({
    customerId: row.customerId ?? input.earlier,
    name: buyer?.companyName ?? row.name,
    email: input.email,
    address: buyer ? { line1: buyer.street, postalCode: buyer.postalCode, city: buyer.city, country: buyer.country } : null,
    euVatNumber: id ? (id.kind === "nip" ? `PL${id.nip}` : `${id.country}${id.number}`) : null,
    metadata: { teamId: input.teamId },
  });
  if (customerId && customerId !== row.customerId) await ctx.db.update(team).set({ providerCustomerId: customerId }).where(eq(team.id, input.teamId));
  return customerId;
}
