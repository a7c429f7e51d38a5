import { getTranslations } from "next-intl/server";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { WebhooksPanel } from "@/components/api-keys/webhooks-panel";
import { Link } from "@/components/link";
import { PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { listApiKeys } from "@/server/api-keys/list-api-keys";
import { listWebhookEndpoints } from "@/server/webhooks/list-webhook-endpoints";
import { ClientMessages } from "@/web/server/client-messages";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "apiSettings" });
  return pageMetadata({ locale, route: "/settings/api", title: t("title"), index: false });
}

export default async function ApiSettingsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const [keys, endpoints] = await Promise.all([listApiKeys({ ownerId: user.id }), listWebhookEndpoints({ ownerId: user.id })]);
  const t = await getTranslations("apiSettings");
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} />
      <p className="text-gray-700 dark:text-gray-300">
        {t.rich("docsLink", { link: (chunks) => <Link href={pathFor("/developers", locale)} className="font-medium text-primary-700 underline dark:text-primary-300">{chunks}</Link> })}
      </p>
      <ClientMessages namespaces={["apiSettings", "errors"]}>
        <ApiKeysPanel keys={keys} />
        <WebhooksPanel endpoints={endpoints} />
      </ClientMessages>
    </div>
  );
}
