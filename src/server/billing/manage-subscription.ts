import "server-only";
import type { PlanId } from "@/config/plans";
import { AppError } from "@/server/errors";
import { syncSubscription } from "./apply-provider-objects";
import type { BillingContext } from "./billing-context";
import { getSubscriptionState, type SubscriptionState } from "./subscription-state";

async function activeSubscription(ctx: BillingContext, userId: string): Promise<SubscriptionState> {
  const state = await getSubscriptionState(ctx.db, userId);
  if (!state?.active) throw new AppError("NOT_FOUND", { reason: "noActiveSubscription" });
  return state;
}

/** Cancel at the end of the paid period: access and tokens stay until then. */
export async function cancelSubscription(ctx: BillingContext, input: { userId: string }): Promise<SubscriptionState> {
  const state = await activeSubscription(ctx, input.userId);
  const view = await ctx.provider(state.provider).updateSubscription(state.providerSubscriptionId, { cancelAtPeriodEnd: true });
  await syncSubscription(ctx, state.provider, view);
  return (await getSubscriptionState(ctx.db, input.userId))!;
}

/** Undo a cancellation before the period ends; an ended subscription cannot be resumed, only bought again. */
export async function resumeSubscription(ctx: BillingContext, input: { userId: string }): Promise<SubscriptionState> {
  const state = await activeSubscription(ctx, input.userId);
  const view = await ctx.provider(state.provider).updateSubscription(state.providerSubscriptionId, { cancelAtPeriodEnd: false });
  await syncSubscription(ctx, state.provider, view);
  return (await getSubscriptionState(ctx.db, input.userId))!;
}

/**
 * Moves the next renewal to another plan. The current period was paid for and keeps its tokens; the
 * new plan is charged, and its tokens added, from the next period (no proration, no surprise charge).
 */
export async function changePlan(ctx: BillingContext, input: { userId: string; planId: PlanId }): Promise<SubscriptionState> {
  const state = await activeSubscription(ctx, input.userId);
  if (state.cancelled) throw new AppError("CONFLICT", { reason: "cancelPending" });
  const view = await ctx.provider(state.provider).updateSubscription(state.providerSubscriptionId, { planId: input.planId });
  await syncSubscription(ctx, state.provider, view);
  return (await getSubscriptionState(ctx.db, input.userId))!;
}

/** The provider's page for cards and invoices, or null (the sandbox has none). */
export async function billingPortalUrl(ctx: BillingContext, input: { userId: string; returnUrl: string }): Promise<string | null> {
  const state = await getSubscriptionState(ctx.db, input.userId);
  if (!state?.customerId) return null;
  return ctx.provider(state.provider).portalUrl(state.customerId, input.returnUrl);
}
