/**
 * Subscription packages. Prices are gross (23% VAT included), in grosze, derived from the
 * specification's per-visualization figures (DESIGN.md §4). Tokens are added once per paid period.
 */
export const plans = [
  { id: "mini", tokensPerMonth: 30, priceGrosze: 2599 },
  { id: "pro", tokensPerMonth: 500, priceGrosze: 8499, highlighted: true },
  { id: "enterprise", tokensPerMonth: 1500, priceGrosze: 10499 },
] as const;

export type Plan = (typeof plans)[number];
export type PlanId = Plan["id"];
export const VAT_RATE = 0.23;
