"use server";

import { notFound, redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { isPlanId, isProductId } from "@/config/plans";
import { isLocale, pathFor, type Locale } from "@/config/routes";
import { billingContext } from "@/server/billing/billing-context";
import { handlePaymentEvent } from "@/server/billing/handle-payment-event";
import { billingPortalUrl, cancelSubscription, changePlan, resumeSubscription } from "@/server/billing/manage-subscription";
import { startCheckout } from "@/server/billing/start-checkout";
import { getLocale } from "next-intl/server";
import { AppError, isAppError } from "@/server/errors";
import { errorAnswer } from "@/server/http/error-answer";
import { log } from "@/server/log";
import { configuredPaymentProvider } from "@/server/payments/get-payment-provider";
import { sandboxTester } from "@/server/payments/sandbox-provider";
import type { ProviderEvent } from "@/server/payments/provider-event";
import { ownOrigin } from "@/web/server/own-origin";
import { getSessionUser } from "@/web/server/session";

/** The order form's state: the translated reason it was refused, if it was. */
export type CheckoutFormState = { error?: string };

function localeOf(form: FormData): Locale {
  const value = form.get("locale");
  return isLocale(value) ? value : "pl";
}

/** The order form's "Zamawiam i płacę": places the order and sends the buyer to the provider's checkout. */
export async function placeOrder(_state: CheckoutFormState, form: FormData): Promise<CheckoutFormState> {
  const locale = localeOf(form);
  let url: string;
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("UNAUTHORIZED");
    const productId = form.get("product");
    if (!isProductId(productId)) throw new AppError("NOT_FOUND");
    ({ url } = await startCheckout(await billingContext(), { userId: user.id, productId, withdrawalConsent: form.get("withdrawalConsent") === "on", locale, origin: await ownOrigin() }));
  } catch (error) {
    return { error: errorAnswer(error, { locale, context: "billing.checkout" }).message };
  }
  redirect(url);
}

export type SubscriptionActionResult = { ok: true } | { ok: false };

async function manage(action: "cancel" | "resume" | "changePlan", planId?: string): Promise<SubscriptionActionResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false };
  try {
    const ctx = await billingContext();
    if (action === "cancel") await cancelSubscription(ctx, { userId: user.id });
    else if (action === "resume") await resumeSubscription(ctx, { userId: user.id });
    else if (isPlanId(planId)) await changePlan(ctx, { userId: user.id, planId });
    else return { ok: false };
  } catch (error) {
    // The modal shows its own failure text; the answer is made for its logging of our faults.
    errorAnswer(error, { locale: (await getLocale()) as Locale, context: "billing.manage" });
    return { ok: false };
  }
  // The header's crown and status are part of every page's layout.
  revalidatePath("/", "layout");
  return { ok: true };
}

export async function cancelMySubscription(): Promise<SubscriptionActionResult> {
  return manage("cancel");
}
export async function resumeMySubscription(): Promise<SubscriptionActionResult> {
  return manage("resume");
}
export async function changeMyPlan(planId: string): Promise<SubscriptionActionResult> {
  return manage("changePlan", planId);
}

/** Opens the provider's page for cards and invoices (Stripe's customer portal). */
export async function openBillingPortal(form: FormData): Promise<void> {
  const user = await getSessionUser();
  const locale = localeOf(form);
  const back = pathFor("/settings/subscriptions", locale);
  if (!user) redirect(pathFor("/login", locale));
  const url = await billingPortalUrl(await billingContext(), { userId: user.id, returnUrl: `${await ownOrigin()}${back}` }).catch((error: unknown) => {
    log.error("billing.portal_failed", { error });
    return null;
  });
  redirect(url ?? `${back}?portal=unavailable`);
}

/**
 * The sandbox checkout's buttons. Each plays what a customer or the passing of time does at Stripe and
 * hands the resulting events to the same handler as Stripe's webhooks.
 */
export async function sandboxAction(form: FormData): Promise<void> {
  if (configuredPaymentProvider() !== "sandbox") notFound();
  const user = await getSessionUser();
  const locale = localeOf(form);
  if (!user) redirect(pathFor("/login", locale));
  const ctx = await billingContext();
  const tester = sandboxTester(ctx.db, { configuredProvider: ctx.checkoutProvider });
  const id = String(form.get("id") ?? "");
  const action = String(form.get("action") ?? "");
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
    }
    for (const event of events) await handlePaymentEvent(ctx, "sandbox", event);
  } catch (error) {
    if (!isAppError(error)) throw error;
    next = `${page}?error=${error.code}`;
  }
  revalidatePath("/", "layout");
  redirect(next);
}
