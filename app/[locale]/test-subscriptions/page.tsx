import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { billingContext } from "@/server/billing/billing-context";
import { PageContainer } from "@/components/layout/page-header";
import { SandboxCheckout, type SandboxDone, type SandboxOrder } from "@/components/billing/sandbox-checkout";
import { pathFor } from "@/config/routes";
import { findProduct, isProductId } from "@/config/plans";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { configuredPaymentProvider } from "@/server/payments/get-payment-provider";
import { sandboxTester } from "@/server/payments/sandbox-provider";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "testSubscriptions" });
  return pageMetadata({ locale, route: "/test-subscriptions", title: t("title"), index: false });
}

const isDone = (value: string | undefined): value is SandboxDone => value === "renew" || value === "failRenewal" || value === "passPeriodEnd" || value === "refund";

/** The sandbox's checkout (?session_id=) and control panel of test subscriptions. */
export default async function TestSubscriptionsPage({ params, searchParams }: LocaleParams & { searchParams: Promise<{ session_id?: string; error?: string; done?: string }> }) {
  const locale = await pageLocale(params);
  // The test checkout exists only while the sandbox takes the payments.
  if (configuredPaymentProvider() !== "sandbox") notFound();
  const user = await requireUser(locale);
  const { session_id: sessionId, error, done } = await searchParams;
  const tester = sandboxTester((await billingContext()).db, { configuredProvider: "sandbox" });
  const session = sessionId ? await tester.session(user.id, sessionId) : null;
  const order: SandboxOrder | null | undefined = !sessionId
    ? undefined
    : session && {
        id: session.id,
        productId: session.productId,
        kind: isProductId(session.productId) ? findProduct(session.productId).kind : null,
        amountGrosze: session.amountGrosze,
        status: session.status,
      };
  const subscriptions = (await tester.subscriptions(user.id)).filter((s) => s.status !== "canceled");
  return (
    <PageContainer narrow>
      <SandboxCheckout
        locale={locale}
        order={order}
        subscriptions={subscriptions}
        payments={sessionId ? [] : await tester.payments(user.id)}
        error={Boolean(error)}
        done={isDone(done) ? done : null}
        pricingHref={pathFor("/pricing", locale)}
      />
    </PageContainer>
  );
}
