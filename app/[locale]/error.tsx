"use client";

import { useLayoutLabels } from "@/components/ui/layout-labels-context";
import { Button } from "@/components/ui/button";
import { ErrorView } from "@/components/error-view";
import { pathFor } from "@/config/routes";

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { errors: t, locale } = useLayoutLabels();
  return (
    <ErrorView
      title={t.errorTitle}
      message={t.generic}
      actions={
        <>
          <Button size="md" onClick={reset}>
            {t.retry}
          </Button>
          <Button asChild size="md" variant="outline" color="gray">
            <a href={pathFor("/", locale)}>{t.backHome}</a>
          </Button>
        </>
      }
    />
  );
}
