import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { SubscriptionStatus } from "@/components/account/subscription-status";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";
import { requireUser } from "@/web/session";
import { getAccountSummary } from "@/server/accounts/get-account-summary";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "settings" });
  return pageMetadata({ locale, route: "/settings/subscriptions", title: t("subscriptionsTitle"), index: false });
}

export default async function SubscriptionsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const account = await getAccountSummary({ userId: user.id });
  if (!account) redirect(pathFor("/login", locale));
  const t = await getTranslations("settings");
  return (
    <div className="space-y-8">
      <PageHeader title={t("subscriptionsTitle")} />
      <SubscriptionStatus account={account} locale={locale} />
    </div>
  );
}
