import type { createFormatter } from "next-intl";

/**
 * What Aranżer sells, as data. Prices are gross (23% VAT included), in grosze. Plans are monthly
 * subscriptions: each paid period adds the plan's tokens once. Packs are one-off top-ups, dearer per token than any plan, for
 * people who need a few more visualizations without subscribing. Tokens never expire.
 */
export const plans = [
  { id: "mini", tokensPerMonth: 30, priceGrosze: 2599, seats: 1 },
  { id: "pro", tokensPerMonth: 500, priceGrosze: 8499, highlighted: true, seats: 3 },
  { id: "enterprise", tokensPerMonth: 1500, priceGrosze: 10499, seats: 10 },
] as const;

/**
 * Seats of a team: the plan of its subscription gives `seats` (members, owner included); more are a monthly
 * add-on per seat. A team without a subscription (packs only) has the smallest plan's seats.
 */
export const extraSeat = { id: "seat", priceGrosze: 1999, max: 50 } as const;

/** How many members a team may have with this plan (null: no active subscription) and extra seats bought. */
export function teamSeats(planId: PlanId | null, extraSeats: number): number {
  const base = plans.find((p) => p.id === planId)?.seats ?? Math.min(...plans.map((p) => p.seats));
  return base + extraSeats;
}

export const tokenPacks = [
  { id: "pack10", tokens: 10, priceGrosze: 1499 },
  { id: "pack50", tokens: 50, priceGrosze: 5999 },
] as const;

export type Plan = (typeof plans)[number];
export type PlanId = Plan["id"];
export type TokenPack = (typeof tokenPacks)[number];
export type PackId = TokenPack["id"];
export type ProductId = PlanId | PackId;

export const VAT_RATE = 0.23;
/** A subscription renews every this many calendar months. */
export const PERIOD_MONTHS = 1;

/** One thing to buy, as the checkout and the payment providers see it. */
export type Product =
  | { kind: "subscription"; id: PlanId; tokens: number; priceGrosze: number }
  | { kind: "pack"; id: PackId; tokens: number; priceGrosze: number };

export const productIds: readonly ProductId[] = [...plans.map((p) => p.id), ...tokenPacks.map((p) => p.id)];

export function isProductId(value: unknown): value is ProductId {
  return typeof value === "string" && (productIds as readonly string[]).includes(value);
}

export function findProduct(id: ProductId): Product {
  const plan = plans.find((p) => p.id === id);
  if (plan) return { kind: "subscription", id: plan.id, tokens: plan.tokensPerMonth, priceGrosze: plan.priceGrosze };
  const pack = tokenPacks.find((p) => p.id === id);
  if (!pack) throw new RangeError(`Unknown product ${id}`);
  return { kind: "pack", id: pack.id, tokens: pack.tokens, priceGrosze: pack.priceGrosze };
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && plans.some((p) => p.id === value);
}

/** A price in grosze as the reader's language writes złoty ("84,99 zł", "PLN 84.99"), with next-intl's formatter. */
export function formatPrice(format: Pick<ReturnType<typeof createFormatter>, "number">, grosze: number): string {
  return format.number(grosze / 100, { style: "currency", currency: "PLN" });
}

/** The VAT contained in a gross price, in grosze, rounded as on a Polish receipt. */
export function vatOf(grossGrosze: number): number {
  return Math.round(grossGrosze - grossGrosze / (1 + VAT_RATE));
}

/** What a plan's period costs with extra seats: the plan's price and each seat's, all net under reverse charge. */
export function periodPriceGrosze(planId: PlanId, extraSeats: number, reverseCharge: boolean): number {
  const price = (gross: number) => (reverseCharge ? netOf(gross) : gross);
  return price(findProduct(planId).priceGrosze) + extraSeats * price(extraSeat.priceGrosze);
}

/**
 * What an order charges (the order page shows it, the provider charges it): a plan's period with its extra seats,
 * or a pack; net under reverse charge.
 */
export function orderPriceGrosze(productId: ProductId, extraSeats: number, reverseCharge: boolean): number {
  const product = findProduct(productId);
  if (product.kind === "subscription") return periodPriceGrosze(product.id, extraSeats, reverseCharge);
  return reverseCharge ? netOf(product.priceGrosze) : product.priceGrosze;
}

/** A gross price without its VAT: what a business in another EU country pays under reverse charge. */
export function netOf(grossGrosze: number): number {
  return grossGrosze - vatOf(grossGrosze);
}
