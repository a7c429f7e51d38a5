import { getTranslations } from "next-intl/server";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { ClientMessages } from "@/web/server/client-messages";
import { pathFor, type Locale } from "@/config/routes";
import { getSessionUser } from "@/web/server/session";
import { CheckoutStatus } from "./checkout-status";

/** The one body of /subscription-success and /payment-success: verify the session, then say what was added. */
export async function CheckoutResultPage({ locale, sessionId, namespace }: { locale: Locale; sessionId: string | undefined; namespace: "subscriptionSuccess" | "paymentSuccess" }) {
  const t = await getTranslations({ locale, namespace });
  const tResult = await getTranslations({ locale, namespace: "billing.result" });
  const user = sessionId ? await getSessionUser() : null;
  return (
    <PageContainer narrow>
      <PageHeader title={t("title")} lead={!sessionId ? t("noPayment") : undefined} />
      {!sessionId ? (
        <Button asChild>
          <Link href={pathFor("/pricing", locale)}>{t("toPricing")}</Link>
        </Button>
      ) : !user ? (
        <>
          <p className="mb-4 text-gray-800 dark:text-gray-200">{tResult("signIn")}</p>
          <Button asChild>
            <Link href={pathFor("/login", locale)}>{tResult("signInButton")}</Link>
          </Button>
        </>
      ) : (
        <ClientMessages namespaces={["billing"]}>
          <CheckoutStatus
            sessionId={sessionId}
            links={{ pricing: pathFor("/pricing", locale), design: pathFor("/design", locale), subscriptions: pathFor("/settings/subscriptions", locale) }}
          />
        </ClientMessages>
      )}
    </PageContainer>
  );
}
