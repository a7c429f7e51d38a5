import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { PageContainer } from "@/components/layout/page-header";
import { SettingsNav } from "@/components/account/settings-nav";
import { pathFor } from "@/config/routes";
import { pageLocale } from "@/web/server/page-params";

export default async function SettingsLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("settings");
  return (
    <PageContainer>
      <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
        <SettingsNav
          label={t("nav")}
          items={[
            { href: pathFor("/settings/profile", locale), label: t("profileTitle") },
            { href: pathFor("/settings/subscriptions", locale), label: t("subscriptionsTitle") },
            { href: pathFor("/settings/invoices", locale), label: t("invoicesTitle") },
            { href: pathFor("/settings/api", locale), label: t("apiTitle") },
          ]}
        />
        <div className="min-w-0">{children}</div>
      </div>
    </PageContainer>
  );
}
