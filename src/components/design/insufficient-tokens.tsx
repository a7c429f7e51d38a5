"use client";

import { useTranslations } from "next-intl";
import { Coins } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";

/**
 * The not-enough-tokens message. After a refused Generate it is an alert: the balance, the amount attempted, that
 * nothing was spent, and Buy tokens. `ahead`, shown once a choice costs more than the balance, it is a status that
 * says what to do: nothing has been tried yet; `team` names the pool it speaks of while the person works as a team.
 * A refusal by the member's monthly cap in a team says so, without Buy tokens: the cap is the owner's to change.
 */
export function InsufficientTokens({
  balance,
  attempted,
  pricingHref,
  ahead = false,
  team = null,
  monthlyCap = false,
}: {
  balance: number;
  attempted: number;
  pricingHref: string;
  ahead?: boolean;
  team?: string | null;
  monthlyCap?: boolean;
}) {
  const t = useTranslations("design");
  const tErrors = useTranslations("errors");
  return (
    <div role={ahead ? "status" : "alert"} className="space-y-2 rounded-lg bg-amber-50 px-3 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      {ahead ? (
        <p className="flex items-start gap-2">
          <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {monthlyCap ? t("capAhead", { balance, attempted }) : t("insufficientAhead", { balance, attempted, pool: team ? "team" : "own", team: team ?? "" })}
        </p>
      ) : (
        <>
          <p className="flex items-center gap-2 font-semibold">
            <Coins aria-hidden="true" className="size-4 shrink-0" />
            {t(monthlyCap ? "capTitle" : "insufficientTitle")}
          </p>
          <p>{monthlyCap ? tErrors("reasons.monthlyCap", { balance, attempted }) : team ? t("insufficientPool", { balance, attempted, team }) : tErrors("INSUFFICIENT_TOKENS", { balance, attempted })}</p>
          <p>{t("nothingSpent")}</p>
        </>
      )}
      {!monthlyCap && (
        <Button asChild size="sm">
          <Link href={pricingHref}>{t("buyTokens")}</Link>
        </Button>
      )}
    </div>
  );
}
