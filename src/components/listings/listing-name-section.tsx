"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { serverMessage } from "@/web/client/api-fetch";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/modal";
import { minutesLeft, useNow } from "@/components/ui/use-now";
import { LISTING_EXPIRY_WARNING_MS } from "@/config/listings";
import type { ListingDto } from "@/schemas/listings";
import { MessageLines } from "./message-lines";
import type { ListingActions } from "./use-listing-actions";

/** The listing's name (renamed here, deleted here), how long its photos have left, and the page's message lines. */
export function ListingNameSection({
  listing,
  serverNow,
  listPath,
  actions,
  refresh,
  announcement,
}: {
  listing: ListingDto;
  serverNow: number;
  listPath: string;
  actions: ListingActions;
  refresh: () => Promise<ListingDto | null>;
  announcement: string;
}) {
  const t = useTranslations("listings");
  const router = useRouter();
  const now = useNow(serverNow, 30_000);
  const [name, setName] = useState(listing.name);
  const [deleting, setDeleting] = useState(false);
  const { busy, setBusy, call, fail } = actions;
  const left = listing.expiresAt ? minutesLeft(listing.expiresAt, now) : null;
  const soon = listing.expiresAt !== null && Date.parse(listing.expiresAt) - now < LISTING_EXPIRY_WARNING_MS;

  async function rename() {
    setBusy("rename");
    const answer = await call("PATCH", "", { name });
    if (!answer.ok) fail(serverMessage(answer));
    const fresh = await refresh();
    setBusy(null);
    if (!answer.ok || !fresh) return;
    // The name as the server keeps it (spaces trimmed), and the page's heading, which the server renders.
    setName(fresh.name);
    router.refresh();
  }

  return (
    <section aria-labelledby="listing-name" className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
          {/* The section is named by these words alone, not by the field's value inside the label. */}
          <span id="listing-name">{t("name")}</span>
          <input value={name} onChange={(e) => setName(e.target.value)} className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-base dark:border-gray-700 dark:bg-gray-900" />
        </label>
        <Button variant="outline" loading={busy === "rename"} disabled={name.trim() === listing.name || !name.trim()} onClick={() => void rename()}>
          {t("rename")}
        </Button>
        <Button variant="ghost" color="red" onClick={() => setDeleting(true)}>
          {t("delete")}
        </Button>
      </div>
      {listing.expired ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-200">{t("expired")}</p>
      ) : left !== null ? (
        <p role={soon ? "alert" : undefined} className={soon ? "rounded-lg bg-amber-50 p-3 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200" : "text-sm text-gray-700 dark:text-gray-300"}>
          {soon ? t("expiresSoon", { minutes: Math.max(1, left) }) : t("expiresIn", { minutes: left })}
        </p>
      ) : null}
      <MessageLines message={actions.message} whenEmpty="empty:mb-0" />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* It cannot be undone: asked in the product's own dialog, as removing a photo is. */}
      <ConfirmModal
        open={deleting}
        onOpenChange={setDeleting}
        title={t("delete")}
        description={t("deleteConfirm", { name: listing.name })}
        confirmLabel={t("delete")}
        confirmColor="red"
        onConfirm={async () => {
          const answer = await call("DELETE", "");
          if (answer.ok) router.push(listPath);
          else fail(serverMessage(answer));
        }}
      />
    </section>
  );
}
