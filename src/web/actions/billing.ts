"use server";

import { notFound, redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { isPlanId, isProductId } from "@/config/plans";
import { pathFor } from "@/config/routes";
import { z } from "zod";
import { billingContext } from "@/server/billing/billing-context";
import { handlePaymentEvent } from "@/server/billing/handle-payment-event";
import { billingPortalUrl, cancelSubscription, changeExtraSeats, changePlan, resumeSubscription } from "@/server/billing/manage-subscription";
import { startCheckout } from "@/server/billing/start-checkout";
import { AppError, isAppError } from "@/server/errors";
import { log } from "@/server/log";
import { configuredPaymentProvider } from "@/server/payments/get-payment-provider";
import { sandboxTester } from "@/server/payments/sandbox-provider";
import type { ProviderEvent } from "@/server/payments/provider-event";
import { ownOrigin } from "@/web/server/own-origin";
import { action, formAction } from "./action";
import { saveBillingDetails } from "@/server/invoices/save-billing-details";

const invoiceFields = ["companyName", "taxId", "street", "postalCode", "city"] as const;

/** The order form's "Zamawiam i płacę": places the order and sends the buyer to the provider's checkout. */
export const placeOrder = action(
  z.object({
    product: z.string().catch(""),
    withdrawalConsent: z.string().catch(""),
    invoice: z.string().catch(""),
    team: z.string().catch(""),
    extraSeats: z.string().catch(""),
    companyName: z.string().catch(""),
    taxId: z.string().catch(""),
    street: z.string().catch(""),
    postalCode: z.string().catch(""),
    city: z.string().catch(""),
  }),
  async (input, { user, locale }) => {
    const productId = input.product;
    if (!isProductId(productId)) throw new AppError("NOT_FOUND");
    const invoice = input.invoice === "on";
    // The company details are remembered (and changed) with the order that asks for an invoice.
    if (invoice) await saveBillingDetails({ userId: user.id, details: input });
    const { url } = await startCheckout(await billingContext(), {
      userId: user.id,
      productId,
      withdrawalConsent: input.withdrawalConsent === "on",
      locale,
      teamId: input.team || null,
      // Left empty or not shown: none. Anything else the domain checks (a whole number up to the maximum).
      extraSeats: input.extraSeats.trim() === "" ? 0 : Number(input.extraSeats),
      invoice,
      origin: await ownOrigin(),
    });
    redirect(url);
  },
  { context: "billing.checkout", auth: "required", keep: ["invoice", "withdrawalConsent", "team", "extraSeats", ...invoiceFields] },
);

/**
 * Cancels or resumes the subscription, or changes its plan (`action`, `planId`). The modal shows a failure
 * text of its own; the refusal's sentence goes unused, our faults are logged.
 */
export const manageSubscription = action(
  z.object({ action: z.enum(["cancel", "resume", "changePlan"]), planId: z.string().optional(), teamId: z.string().optional() }),
  async (input, { user }) => {
    const ctx = await billingContext();
    // A team's subscription is its owner's to manage (checked in the domain).
    const owner = { userId: user.id, teamId: input.teamId || null };
    if (input.action === "cancel") await cancelSubscription(ctx, owner);
    else if (input.action === "resume") await resumeSubscription(ctx, owner);
    else if (isPlanId(input.planId)) await changePlan(ctx, { ...owner, planId: input.planId });
    else throw new AppError("NOT_FOUND");
    // The header's crown and status are part of every page's layout.
    revalidatePath("/", "layout");
  },
  { context: "billing.manage", auth: "required" },
);

/** The team page's extra seats: their number on the team's running plan (its owner only, checked in the domain). */
export const changeTeamSeats = action(
  z.object({ teamId: z.string(), extraSeats: z.string().catch("") }),
  async (input, { user }) => {
    await changeExtraSeats(await billingContext(), { userId: user.id, teamId: input.teamId, extraSeats: input.extraSeats.trim() === "" ? 0 : Number(input.extraSeats) });
    revalidatePath("/", "layout");
  },
  { context: "billing.seats", auth: "required", keep: ["extraSeats"] },
);

/** Opens the provider's page for cards and invoices (Stripe's customer portal), the person's or their team's. */
export const openBillingPortal = formAction(
  z.object({ teamId: z.string().catch("") }),
  async (input, { user, locale }) => {
    const back = pathFor(input.teamId ? "/team" : "/settings/subscriptions", locale);
    if (!user) redirect(pathFor("/login", locale));
    const url = await billingPortalUrl(await billingContext(), { userId: user.id, teamId: input.teamId || null, returnUrl: `${await ownOrigin()}${back}` }).catch((error: unknown) => {
      log.error("billing.portal_failed", { error });
      return null;
    });
    redirect(url ?? `${back}?portal=unavailable`);
  },
  { context: "billing.portal", auth: "optional" },
);

/**
 * The sandbox checkout's buttons. Each plays what a customer or the passing of time does at Stripe and
 * hands the resulting events to the same handler as Stripe's webhooks.
 */
export const sandboxAction = formAction(
  z.object({ id: z.string().catch(""), action: z.string().catch(""), amount: z.coerce.number().int().positive().optional().catch(undefined) }),
  async (input, { user, locale }) => {
    if (configuredPaymentProvider() !== "sandbox") notFound();
    if (!user) redirect(pathFor("/login", locale));
    const ctx = await billingContext();
    const tester = sandboxTester(ctx.db, { configuredProvider: ctx.checkoutProvider });
    const { id, action } = input;
    const page = pathFor("/test-subscriptions", locale);
    let next = page;
    let events: ProviderEvent[] = [];
    try {
      if (action === "pay" || action === "fail") {
        const result = action === "pay" ? await tester.pay(user.id, id) : await tester.failPayment(user.id, id);
        events = result.events;
        next = result.successUrl;
      } else if (action === "renew" || action === "failRenewal" || action === "passPeriodEnd") {
        events = await tester[action](user.id, id);
        next = `${page}?done=${action}`;
      } else if (action === "refund") {
        events = await tester.refund(user.id, id, input.amount);
        next = `${page}?done=refund`;
      }
      for (const event of events) await handlePaymentEvent(ctx, "sandbox", event);
    } catch (error) {
      if (!isAppError(error)) throw error;
      next = `${page}?error=${error.code}`;
    }
    revalidatePath("/", "layout");
    redirect(next);
  },
  { context: "billing.sandbox", auth: "optional" },
);

/** The settings' invoice details: remembered for the next order with an invoice. */
export const saveInvoiceDetails = action(
  z.object({ companyName: z.string().catch(""), taxId: z.string().catch(""), street: z.string().catch(""), postalCode: z.string().catch(""), city: z.string().catch("") }),
  async (input, { user }) => {
    await saveBillingDetails({ userId: user.id, details: input });
    revalidatePath("/", "layout");
  },
  { context: "billing.details", auth: "required", keep: invoiceFields },
);
