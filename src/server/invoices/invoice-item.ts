import { findProduct, isProductId } from "@/config/plans";

const names: Record<string, string> = { mini: "Mini", pro: "Pro", enterprise: "Enterprise", pack10: "pakiet 10 tokenów", pack50: "pakiet 50 tokenów" };

/** The invoice line in Polish, the invoice's language: what was bought, how many tokens it gave, and a team plan's extra seats. */
export function invoiceItem(productId: string, extraSeats = 0): string {
  if (!isProductId(productId)) return `Aranżer – ${productId}`;
  const product = findProduct(productId);
  if (product.kind === "pack") return `Aranżer – ${names[product.id]} (jednorazowo)`;
  const seats = extraSeats === 1 ? " z 1 dodatkowym miejscem w zespole" : extraSeats > 1 ? ` z ${extraSeats} dodatkowymi miejscami w zespole` : "";
  return `Aranżer ${names[product.id]} – subskrypcja miesięczna (${product.tokens} tokenów)${seats}`;
}
