import "server-only";
import { eq } from "drizzle-orm";
import { env } from "@/env";
import { extraSeat, findProduct, netOf, orderPriceGrosze, type ProductId } from "@/config/plans";
import { pathFor, type Locale } from "@/config/routes";
import { checkoutOrder, user } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { BillingContext } from "./billing-context";
import { getSubscriptionState } from "./subscription-state";
import { teamCustomer } from "./team-customer";
import { getBillingDetails } from "@/server/invoices/get-billing-details";
import { requireTeamRole } from "@/server/teams/require-team-role";
import { isReverseChargeTaxId, parseTaxId } from "@/schemas/invoices";

/**
 * Places an order and opens the provider's checkout for it. The consent to start at once (and so lose
 * the right of withdrawal once the service is performed) must be given on our order page; its time is
 * kept with the order. A second subscription is refused: the user changes plan instead. A business in another EU
 * country that asks for an invoice pays the net price: the VAT is its own to account for (reverse charge), once
 * its VAT number is confirmed (ctx.vatNumbers: VIES when configured). A number VIES does not confirm is refused
 * (INVALID_INPUT, reason vatNotInVies); no answer from VIES refuses the order for now (BUSY, reason
 * viesUnavailable): nothing is charged, net or gross, on a guess.
 */
export async function startCheckout(
  ctx: BillingContext,
  input: {
    userId: string;
    productId: ProductId;
    withdrawalConsent: boolean;
    locale: Locale;
    /** Buy for this team's pool: only its owner may. */
    teamId?: string | null;
    /** Seats on top of the plan's own, for a team's plan only. */
    extraSeats?: number;
    /** Ask for a VAT invoice to the buyer's saved company details (billing_details). */
    invoice?: boolean;
    /** Where the buyer comes back to (the request's own origin, src/server/http/request-origin.ts); unset: APP_URL. */
    origin?: string;
  },
): Promise<{ url: string; orderId: string }> {
  if (!input.withdrawalConsent) throw new AppError("INVALID_INPUT", { field: "withdrawalConsent", reason: "withdrawalConsent" });
  const listed = findProduct(input.productId);
  const teamId = input.teamId ?? null;
  const extraSeats = input.extraSeats ?? 0;
  if (!Number.isInteger(extraSeats) || extraSeats < 0 || extraSeats > extraSeat.max) throw new AppError("INVALID_INPUT", { field: "extraSeats", reason: "extraSeats", max: extraSeat.max });
  if (extraSeats > 0 && (!teamId || listed.kind !== "subscription")) throw new AppError("INVALID_INPUT", { field: "extraSeats", reason: "extraSeatsTeamPlan" });
  if (teamId) await requireTeamRole({ db: ctx.db, teamId, userId: input.userId, roles: ["owner"] });
  const buyer = input.invoice ? await getBillingDetails({ db: ctx.db, userId: input.userId }) : null;
  if (input.invoice && !buyer) throw new AppError("INVALID_INPUT", { field: "invoice", reason: "noBillingDetails" });
  const reverseCharge = buyer !== null && isReverseChargeTaxId(buyer.taxId) && (await confirmVatNumber(ctx, buyer.taxId));
  const product = reverseCharge ? { ...listed, priceGrosze: netOf(listed.priceGrosze) } : listed;
  // What the order page showed for these choices (src/components/billing/order-total.tsx): the same function.
  const amountGrosze = orderPriceGrosze(listed.id, extraSeats, reverseCharge);
  const current = await getSubscriptionState(ctx.db, input.userId, teamId);
  if (product.kind === "subscription" && current?.active) throw new AppError("CONFLICT", { reason: "subscriptionActive" });
  const [owner] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, input.userId));
  if (!owner) throw new AppError("UNAUTHORIZED");

  const providerId = ctx.checkoutProvider;
  const earlier = current?.provider === providerId ? current.customerId : null;
  // A team pays as itself: its own customer at the provider, never the buying owner's personal one.
  const customerId = teamId ? await teamCustomer(ctx, { providerId, teamId, buyer, email: owner.email, earlier }) : earlier;
  const [order] = await ctx.db
    .insert(checkoutOrder)
    .values({ userId: input.userId, teamId, invoiceRequested: input.invoice === true, reverseCharge, extraSeats, provider: providerId, productId: product.id, kind: product.kind, amountGrosze, locale: input.locale, withdrawalConsentAt: new Date() })
    .returning({ id: checkoutOrder.id });
  const appUrl = input.origin ?? env().appUrl;
  const successRoute = product.kind === "subscription" ? "/subscription-success" : "/payment-success";
  const session = await ctx.provider(providerId).createCheckout({
    orderId: order!.id,
    userId: input.userId,
    email: owner.email,
    customerId,
    product,
    locale: input.locale,
    invoice: input.invoice === true,
    reverseCharge,
    extraSeats,
    successUrl: `${appUrl}${pathFor(successRoute, input.locale)}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${appUrl}${pathFor("/checkout", input.locale)}?product=${product.id}&cancelled=1`,
  });
  await ctx.db.update(checkoutOrder).set({ providerSessionId: session.sessionId }).where(eq(checkoutOrder.id, order!.id));
  return { url: session.url, orderId: order!.id };
}

/** An EU buyer's VAT number, as the configured check sees it: true when confirmed, else a refusal that says why. */
async function confirmVatNumber(ctx: BillingContext, taxId: string): Promise<true> {
  const id = parseTaxId(taxId);
  if (id?.kind !== "eu" || !ctx.vatNumbers) return true;
  const { result } = await ctx.vatNumbers.check({ country: id.country, number: id.number });
  if (result === "invalid") throw new AppError("INVALID_INPUT", { field: "taxId", reason: "vatNotInVies" });
  if (result === "unavailable") throw new AppError("BUSY", { reason: "viesUnavailable", retryAfter: 300 });
  return true;
}
