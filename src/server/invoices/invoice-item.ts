import { findProduct, isProductId } from "@/config/plans";

const names: Record<string, string> = { mini: "Mini", pro: "Pro", enterprise: "Enterprise", pack10: "pakiet 10 tokenów", pack50: "pakiet 50 tokenów" };

/** The invoice line in Polish, the invoice's language: what was bought and how many tokens it gave. */
export function invoiceItem(productId: string): string {
  if (!isProductId(productId)) return `Aranżer – ${productId}`;
  const product = findProduct(productId);
  return product.kind === "subscription"
    ? `Aranżer ${names[product.id]} – subskrypcja miesięczna (${product.tokens} tokenów)`
    : `Aranżer – ${names[product.id]} (jednorazowo)`;
}
