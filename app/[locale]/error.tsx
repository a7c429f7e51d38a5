"use client";

import { useTranslations, useLocale } from "next-intl";
import { Button } from "@/components/ui/button";
import { ErrorView } from "@/components/error-view";
import { isLocale, pathFor } from "@/config/routes";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("errors");
  const locale = useLocale();
  return (
    <ErrorView
      title={t("errorTitle")}
      message={t("generic")}
      actions={
        <>
          <Button size="md" onClick={reset}>
            {t("retry")}
          </Button>
          <Button asChild size="md" variant="outline" color="gray">
            <a href={pathFor("/", isLocale(locale) ? locale : "pl")}>{t("backHome")}</a>
          </Button>
        </>
      }
    />
  );
}
