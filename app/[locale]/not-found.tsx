import { Link } from "@/components/link";
import { headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { ErrorView } from "@/components/error-view";
import { isLocale, pathFor } from "@/config/routes";
import { isCrawler } from "@/server/http/csp";

export default async function NotFound() {
  const locale = await getLocale();
  const t = await getTranslations("errors");
  const requestHeaders = await headers();
  const path = requestHeaders.get("x-pathname") ?? "";
  // Crawlers get the status and one line, not the error page.
  if (isCrawler(requestHeaders.get("user-agent"))) return <p>{t("pageNotFound", { path })}</p>;
  return (
    <ErrorView
      code="404"
      title={t("notFoundTitle")}
      message={t("pageNotFound", { path })}
      actions={
        <Button asChild size="md">
          <Link href={pathFor("/", isLocale(locale) ? locale : "pl")}>{t("backHome")}</Link>
        </Button>
      }
    />
  );
}
