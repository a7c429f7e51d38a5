import { findProduct, isProductId } from "@/config/plans";
import type { Locale } from "@/config/routes";

const words = {
  pl: {
    names: { mini: "Mini", pro: "Pro", enterprise: "Enterprise", pack10: "pakiet 10 tokenów", pack50: "pakiet 50 tokenów" } as Record<string, string>,
    once: "jednorazowo",
    subscription: (tokens: number) => `subskrypcja miesięczna (${tokens} tokenów)`,
    seats: (n: number) => (n === 1 ? " z 1 dodatkowym miejscem w zespole" : n > 1 ? ` z ${n} dodatkowymi miejscami w zespole` : ""),
  },
  en: {
    names: { mini: "Mini", pro: "Pro", enterprise: "Enterprise", pack10: "pack of 10 tokens", pack50: "pack of 50 tokens" } as Record<string, string>,
    once: "one-off",
    subscription: (tokens: number) => `monthly subscription (${tokens} tokens)`,
    seats: (n: number) => (n === 1 ? " with 1 extra team seat" : n > 1 ? ` with ${n} extra team seats` : ""),
  },
};

/**
 * The invoice line: what was bought, how many tokens it gave, and a team plan's extra seats. In Polish, the
 * invoice's language (its FA(3) XML and Polish PDF); in English for the English PDF, its translation.
 */
export function invoiceItem(productId: string, extraSeats = 0, locale: Locale = "pl"): string {
  const w = words[locale];
  if (!isProductId(productId)) return `Aranżer – ${productId}`;
  const product = findProduct(productId);
  if (product.kind === "pack") return `Aranżer – ${w.names[product.id]} (${w.once})`;
  return `Aranżer ${w.names[product.id]} – ${w.subscription(product.tokens)}${w.seats(extraSeats)}`;
}
