import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-header";
import { SubscriptionStatus } from "@/components/account/subscription-status";
import { PasswordChangeForm } from "@/components/account/password-change-form";
import { AccountDataSection } from "@/components/account/account-data-section";
import { ClientMessages } from "@/web/server/client-messages";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { getAccountSummary } from "@/server/accounts/get-account-summary";
import { redirect } from "next/navigation";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "settings" });
  return pageMetadata({ locale, route: "/settings/profile", title: t("profileTitle"), index: false });
}

export default async function ProfilePage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const account = await getAccountSummary({ userId: user.id });
  if (!account) redirect(pathFor("/login", locale));
  const t = await getTranslations("settings");
  return (
    <div className="space-y-8">
      <PageHeader title={t("profileTitle")} />
      <SubscriptionStatus account={account} locale={locale} />
      <ClientMessages namespaces={["auth", "settings", "errors"]}>
        <PasswordChangeForm hasPassword={account.hasPassword} />
        <AccountDataSection hasPassword={account.hasPassword} homeHref={pathFor("/", locale)} />
      </ClientMessages>
    </div>
  );
}
