"use client";

import { useFormatter, useTranslations } from "next-intl";
import { extraSeat, findProduct, formatPrice, netOf, orderPriceGrosze, vatOf, type ProductId } from "@/config/plans";

/**
 * What the order charges, as the choices on the form stand: the plan with its extra seats, or the pack; gross with
 * its VAT, or for a business in another EU country net under reverse charge. The same function as the checkout's
 * (orderPriceGrosze), so what is shown is what the provider is asked for.
 */
export function OrderTotal({ productId, extraSeats, reverseCharge }: { productId: ProductId; extraSeats: number; reverseCharge: boolean }) {
  const t = useTranslations("billing");
  const format = useFormatter();
  const money = (grosze: number) => formatPrice(format, grosze);
  const product = findProduct(productId);
  const seats = product.kind === "subscription" ? extraSeats : 0;
  const total = orderPriceGrosze(productId, seats, reverseCharge);
  const each = (gross: number) => money(reverseCharge ? netOf(gross) : gross);
  return (
    <section aria-labelledby="order-total" aria-live="polite" className="rounded-xl bg-gray-50 p-4 dark:bg-gray-900">
      <h2 id="order-total" className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {t("checkout.total")}
      </h2>
      <p className="mt-1 text-2xl font-bold text-gray-950 tabular-nums dark:text-white">
        {product.kind === "subscription" ? t("checkout.totalPerMonth", { price: money(total) }) : money(total)}
      </p>
      {seats > 0 ? (
        <p className="mt-1 text-gray-800 tabular-nums dark:text-gray-200">
          {t("checkout.totalSeats", { plan: t(`products.${productId}`), planPrice: each(product.priceGrosze), count: seats, seatPrice: each(extraSeat.priceGrosze) })}
        </p>
      ) : null}
      <p className="mt-1 text-gray-800 dark:text-gray-200">{reverseCharge ? t("checkout.reverseCharge") : t("checkout.vat", { vat: money(vatOf(total)) })}</p>
    </section>
  );
}
