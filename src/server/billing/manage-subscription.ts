import "server-only";
import { eq } from "drizzle-orm";
import { extraSeat, type PlanId } from "@/config/plans";
import { team } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { requireTeamRole } from "@/server/teams/require-team-role";
import { syncSubscription } from "./apply-provider-objects";
import type { BillingContext } from "./billing-context";
import { getSubscriptionState, type SubscriptionState } from "./subscription-state";

/** Whose subscription: the person's own, or with teamId the team's, which only its owner manages. */
type Owner = { userId: string; teamId?: string | null };

async function subscriptionOf(ctx: BillingContext, owner: Owner): Promise<SubscriptionState | null> {
  if (owner.teamId) await requireTeamRole({ db: ctx.db, teamId: owner.teamId, userId: owner.userId, roles: ["owner"] });
  return getSubscriptionState(ctx.db, owner.userId, owner.teamId ?? null);
}

async function activeSubscription(ctx: BillingContext, owner: Owner): Promise<SubscriptionState> {
  const state = await subscriptionOf(ctx, owner);
  if (!state?.active) throw new AppError("NOT_FOUND", { reason: "noActiveSubscription" });
  return state;
}

async function update(ctx: BillingContext, owner: Owner, change: { cancelAtPeriodEnd?: boolean; planId?: PlanId; extraSeats?: number }, state: SubscriptionState): Promise<SubscriptionState> {
  const view = await ctx.provider(state.provider).updateSubscription(state.providerSubscriptionId, change);
  await syncSubscription(ctx, state.provider, view);
  return (await getSubscriptionState(ctx.db, owner.userId, owner.teamId ?? null))!;
}

/** Cancel at the end of the paid period: access and tokens stay until then. */
export async function cancelSubscription(ctx: BillingContext, input: Owner): Promise<SubscriptionState> {
  return update(ctx, input, { cancelAtPeriodEnd: true }, await activeSubscription(ctx, input));
}

/** Undo a cancellation before the period ends; an ended subscription cannot be resumed, only bought again. */
export async function resumeSubscription(ctx: BillingContext, input: Owner): Promise<SubscriptionState> {
  return update(ctx, input, { cancelAtPeriodEnd: false }, await activeSubscription(ctx, input));
}

/**
 * Moves the next renewal to another plan. The current period was paid for and keeps its tokens; the
 * new plan is charged, and its tokens added, from the next period (no proration, no surprise charge).
 */
export async function changePlan(ctx: BillingContext, input: Owner & { planId: PlanId }): Promise<SubscriptionState> {
  const state = await activeSubscription(ctx, input);
  if (state.cancelled) throw new AppError("CONFLICT", { reason: "cancelPending" });
  return update(ctx, input, { planId: input.planId }, state);
}

/**
 * The owner changes the number of extra seats of the team's plan. Like a change of plan, the provider charges
 * the new number from the next renewal (no proration); the seats count at once, so a new agent can join today.
 */
export async function changeExtraSeats(ctx: BillingContext, input: Owner & { teamId: string; extraSeats: number }): Promise<SubscriptionState> {
  if (!Number.isInteger(input.extraSeats) || input.extraSeats < 0 || input.extraSeats > extraSeat.max) {
    throw new AppError("INVALID_INPUT", { field: "extraSeats", reason: "extraSeats", max: extraSeat.max });
  }
  const state = await activeSubscription(ctx, input);
  if (state.cancelled) throw new AppError("CONFLICT", { reason: "cancelPending" });
  const updated = await update(ctx, input, { extraSeats: input.extraSeats }, state);
  await ctx.db.update(team).set({ extraSeats: input.extraSeats }).where(eq(team.id, input.teamId));
  return updated;
}

/** The provider's page for cards and invoices, or null (the sandbox has none). */
export async function billingPortalUrl(ctx: BillingContext, input: Owner & { returnUrl: string }): Promise<string | null> {
  const state = await subscriptionOf(ctx, input);
  if (!state?.customerId) return null;
  return ctx.provider(state.provider).portalUrl(state.customerId, input.returnUrl);
}
