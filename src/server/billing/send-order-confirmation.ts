import "server-only";
import { createFormatter, createTranslator } from "next-intl";
import { eq } from "drizzle-orm";
import { env } from "@/env";
import { extraSeat, findProduct, formatPrice, netOf, vatOf, type ProductId } from "@/config/plans";
import { pathFor } from "@/config/routes";
import { catalogs } from "@/i18n/catalogs";
import { checkoutOrder, user } from "@/server/db/schema";
import { sendTemplateMail } from "@/server/mail/send-template-mail";
import type { BillingContext } from "./billing-context";

/**
 * The order confirmation a consumer must get on a durable medium: what was bought, the price with VAT,
 * the consent to start at once given at checkout, and how to cancel.
 */
export async function sendOrderConfirmation(ctx: BillingContext, orderId: string): Promise<void> {
  const [order] = await ctx.db
    .select({ productId: checkoutOrder.productId, amountGrosze: checkoutOrder.amountGrosze, reverseCharge: checkoutOrder.reverseCharge, extraSeats: checkoutOrder.extraSeats, locale: checkoutOrder.locale, consentAt: checkoutOrder.withdrawalConsentAt, email: user.email })
    .from(checkoutOrder)
    .innerJoin(user, eq(user.id, checkoutOrder.userId))
    .where(eq(checkoutOrder.id, orderId));
  if (!order) return;
  const { locale } = order;
  const product = findProduct(order.productId as ProductId);
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "billing" });
  const format = createFormatter({ locale, timeZone: "Europe/Warsaw" });
  const money = (grosze: number) => formatPrice(format, grosze);
  const name = t(`products.${product.id}`);
  const details = [
    t("mail.item", { product: name, count: product.tokens, kind: product.kind }),
    ...(order.extraSeats > 0 ? [t("mail.extraSeats", { count: order.extraSeats, price: money(order.reverseCharge ? netOf(extraSeat.priceGrosze) : extraSeat.priceGrosze) })] : []),
    order.reverseCharge
      ? t("mail.priceReverseCharge", { price: money(order.amountGrosze), kind: product.kind })
      : t("mail.price", { price: money(order.amountGrosze), vat: money(vatOf(order.amountGrosze)), kind: product.kind }),
    t("mail.consent", { date: format.dateTime(order.consentAt, { dateStyle: "long", timeStyle: "short" }) }),
    product.kind === "subscription" ? t("mail.howToCancel") : t("mail.packNoRenewal"),
  ];
  await sendTemplateMail({
    to: order.email,
    locale,
    template: "orderConfirmation",
    url: `${env().appUrl}${pathFor("/settings/subscriptions", locale)}`,
    values: { product: name },
    details,
  });
}
