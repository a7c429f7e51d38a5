"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/modal";
import { LISTING_KEEP_DAYS } from "@/config/listings";
import { apiFetch, serverMessage } from "@/web/client/api-fetch";

/**
 * The owner's choice to keep the listing's chosen results and their photos for its life (so each photo's proof
 * page shows the original beside it), said with its end date when chosen, and ended at once.
 */
export function ListingKeep({ base, keptUntil, onChange }: { base: string; keptUntil: string | null; onChange: () => Promise<unknown> }) {
  const t = useTranslations("listingKeep");
  const format = useFormatter();
  const [asking, setAsking] = useState<"keep" | "end" | null>(null);
  // The date said when choosing is the one the server will set, counted from the moment of asking.
  const [wouldKeepUntil, setWouldKeepUntil] = useState(() => new Date(0).toISOString());
  const [error, setError] = useState<string | null>(null);
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "long" });

  async function change(method: "PUT" | "DELETE") {
    const answer = await apiFetch(method, `${base}/keep`);
    setError(answer.ok ? null : (serverMessage(answer) ?? t("error")));
    await onChange();
  }

  return (
    <div className="space-y-2">
      <h3 className="font-medium">{t("title")}</h3>
      {keptUntil ? (
        <>
          <p className="text-sm">{t("keptUntil", { date: date(keptUntil) })}</p>
          <Button variant="outline" color="red" onClick={() => setAsking("end")}>
            {t("end")}
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("lead", { days: LISTING_KEEP_DAYS })}</p>
          <Button
            variant="outline"
            onClick={() => {
              setWouldKeepUntil(new Date(Date.now() + LISTING_KEEP_DAYS * 86_400_000).toISOString());
              setAsking("keep");
            }}
          >
            {t("keep")}
          </Button>
        </>
      )}
      <p role="alert" className="text-sm text-red-700 empty:hidden dark:text-red-400">
        {error}
      </p>
      <ConfirmModal
        open={asking === "keep"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t("keep")}
        description={t("keepConfirm", { days: LISTING_KEEP_DAYS, date: date(wouldKeepUntil) })}
        confirmLabel={t("keepConfirmButton")}
        onConfirm={() => change("PUT")}
      />
      <ConfirmModal
        open={asking === "end"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t("end")}
        description={t("endConfirm")}
        confirmLabel={t("end")}
        confirmColor="red"
        onConfirm={() => change("DELETE")}
      />
    </div>
  );
}
