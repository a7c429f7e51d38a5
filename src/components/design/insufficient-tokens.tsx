"use client";

import { useTranslations } from "next-intl";
import { Coins } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";

/** The not-enough-tokens message: the balance, the amount attempted, and Buy tokens. Nothing was spent. */
export function InsufficientTokens({ balance, attempted, pricingHref }: { balance: number; attempted: number; pricingHref: string }) {
  const t = useTranslations("design");
  const tErrors = useTranslations("errors");
  return (
    <div role="alert" className="space-y-2 rounded-lg bg-amber-50 px-3 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <p className="flex items-center gap-2 font-semibold">
        <Coins aria-hidden="true" className="size-4 shrink-0" />
        {t("insufficientTitle")}
      </p>
      <p>{tErrors("INSUFFICIENT_TOKENS", { balance, attempted })}</p>
      <p>{t("nothingSpent")}</p>
      <Button asChild size="sm">
        <Link href={pricingHref}>{t("buyTokens")}</Link>
      </Button>
    </div>
  );
}
