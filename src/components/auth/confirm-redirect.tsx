"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { LoaderCircle } from "lucide-react";
import { isLocale, pathFor } from "@/config/routes";
import { finishSignIn } from "@/web/actions/sign-in";

/** Shows the logging-in message while the sign-in finishes, then goes where the user was headed. */
export function ConfirmRedirect() {
  const t = useTranslations("confirm");
  const locale = useLocale();
  const router = useRouter();
  const [done, setDone] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void finishSignIn({ locale }).then((result) => {
      if (cancelled) return;
      // A refusal (our fault, logged) still ends the wait: the sign-in page says what to do.
      const target = result.ok ? result.data.target : pathFor("/login", isLocale(locale) ? locale : "pl");
      setDone(true);
      router.replace(target);
      router.refresh();
    });
    return () => {
      cancelled = true;
    };
  }, [locale, router]);

  return (
    <p role="status" className="flex items-center gap-3 text-lg text-gray-800 dark:text-gray-200">
      {!done ? <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary-600 motion-reduce:animate-none" /> : null}
      {done ? t("done") : t("loggingIn")}
    </p>
  );
}
