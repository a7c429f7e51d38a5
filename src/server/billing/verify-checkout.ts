import "server-only";
import { and, eq } from "drizzle-orm";
import type { ProductId } from "@/config/plans";
import { checkoutOrder, team } from "@/server/db/schema";
import { getBalance } from "@/server/tokens/get-balance";
import { applyCheckout } from "./apply-provider-objects";
import type { BillingContext } from "./billing-context";

export type CheckoutResult =
  | { state: "notFound" }
  | { state: "pending" | "failed" | "expired"; kind: "subscription" | "pack"; productId: ProductId }
  | {
      state: "paid";
      kind: "subscription" | "pack";
      productId: ProductId;
      tokensAdded: number;
      /** The balance the tokens went to: the team's pool for an order of a team, else the buyer's own. */
      balance: number;
      /** The team whose pool was filled; null for the buyer's own account. */
      team: { name: string } | null;
    };

/**
 * What the success pages show: the order behind a provider's session id, checked with the provider
 * (never the query string). Only the order's owner learns anything; any other id is "not found".
 * Safe to call any number of times: a paid order is applied once and then only read.
 */
export async function verifyCheckout(ctx: BillingContext, input: { userId: string; sessionId: string }): Promise<CheckoutResult> {
  if (input.sessionId.length === 0 || input.sessionId.length > 255) return { state: "notFound" };
  const find = async () => {
    const [order] = await ctx.db
      .select()
      .from(checkoutOrder)
      .where(and(eq(checkoutOrder.providerSessionId, input.sessionId), eq(checkoutOrder.userId, input.userId)));
    return order;
  };
  let order = await find();
  if (!order) return { state: "notFound" };
  if (order.status === "pending") {
    const view = await ctx.provider(order.provider).retrieveCheckout(input.sessionId);
    if (view) await applyCheckout(ctx, order.provider, view);
    order = (await find())!;
  }
  const base = { kind: order.kind, productId: order.productId as ProductId };
  if (order.status !== "paid") return { state: order.status, ...base };
  const [paidFor] = order.teamId ? await ctx.db.select({ name: team.name }).from(team).where(eq(team.id, order.teamId)) : [];
  return {
    state: "paid",
    ...base,
    tokensAdded: order.tokensGranted ?? 0,
    balance: await getBalance({ db: ctx.db, userId: input.userId, teamId: paidFor ? order.teamId : null }),
    team: paidFor ?? null,
  };
}
