"use client";

import { useEffect, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/modal";
import type { ListingDto } from "@/schemas/listings";
import { ListingKeep } from "./listing-keep";
import { PortalExport } from "./portal-export";
import type { ListingActions } from "./use-listing-actions";

/** What goes to the client: the disclosure label, the download (plain or for a portal), and the links to share. */
export function DeliverSection({ listing, sharePrefix, actions, refresh, announce }: { listing: ListingDto; sharePrefix: string; actions: ListingActions; refresh: () => Promise<unknown>; announce: (text: string) => void }) {
  const t = useTranslations("listings");
  const format = useFormatter();
  // With the month's name: "11/26/26" reads differently on either side of the Atlantic.
  const shareDate = (createdAt: string) => format.dateTime(new Date(createdAt), { dateStyle: "medium", timeStyle: "short" });
  const [newLink, setNewLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; date: string } | null>(null);
  const { busy, send } = actions;
  const chosen = listing.photos.filter((p) => p.chosenVisualizationId && p.results.some((r) => r.visualizationId === p.chosenVisualizationId && r.result));

  // The button was disabled while the link was made, so focus left it: the new link takes it, selected, to copy.
  const linkField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!newLink) return;
    linkField.current?.focus();
    linkField.current?.select();
  }, [newLink]);

  async function createLink() {
    const answer = await actions.act("share", () => actions.call<{ token: string }>("POST", "/shares"));
    if (!answer.ok) return;
    setNewLink(`${window.location.origin}${sharePrefix}${answer.body.token}`);
    setCopied(false);
  }

  function copy(link: string) {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => {
        setCopied(true);
        announce(t("shareCopied"));
      })
      // Refused (no permission): the link stays in its field, to copy by hand.
      .catch(() => undefined);
  }

  return (
    <section aria-labelledby="deliver" className="space-y-4 rounded-2xl border border-gray-200 p-5 dark:border-gray-800">
      <h2 id="deliver" className="text-xl font-semibold">{t("deliver")}</h2>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={listing.disclosureLabel} onChange={(e) => void send("label", "PATCH", "", { disclosureLabel: e.target.checked })} />
        {t("labelOption")}
      </label>
      {chosen.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("chooseFirst")}</p>
      ) : (
        <PortalExport
          base={actions.base}
          chosen={chosen.map((photo, index) => ({ number: index + 1, mode: photo.results.find((r) => r.visualizationId === photo.chosenVisualizationId)!.mode }))}
        />
      )}
      {(chosen.length > 0 || listing.keptUntil) && <ListingKeep base={actions.base} keptUntil={listing.keptUntil} onChange={refresh} />}
      <div className="space-y-2">
        <h3 className="font-medium">{t("share")}</h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("shareLead")}</p>
        <Button variant="outline" loading={busy === "share"} disabled={chosen.length === 0} onClick={() => void createLink()}>
          {t("shareCreate")}
        </Button>
        {newLink && (
          <div className="space-y-1">
            <p className="text-sm">{t("shareNew")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <input ref={linkField} readOnly value={newLink} aria-label={t("share")} data-testid="share-link" className="min-w-0 flex-1 rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900" />
              <Button size="xs" variant="soft" onClick={() => copy(newLink)}>
                {copied ? t("shareCopied") : t("shareCopy")}
              </Button>
            </div>
          </div>
        )}
        <ul className="space-y-1 text-sm">
          {listing.shares.map((s) => (
            <li key={s.id} className="flex items-center gap-3">
              <span>{t("shareItem", { date: shareDate(s.createdAt) })}</span>
              {s.revoked ? (
                <span className="text-gray-600 dark:text-gray-400">{t("shareRevoked")}</span>
              ) : (
                <Button size="xs" variant="ghost" color="red" onClick={() => setRevoking({ id: s.id, date: shareDate(s.createdAt) })}>
                  {t("shareRevoke")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
      {/* It cannot be undone: asked in the product's own dialog, as removing a photo is. */}
      <ConfirmModal
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t("shareRevoke")}
        description={revoking ? t("shareRevokeConfirm", { date: revoking.date }) : ""}
        confirmLabel={t("shareRevoke")}
        confirmColor="red"
        onConfirm={() => (revoking ? send(`revoke:${revoking.id}`, "DELETE", `/shares/${revoking.id}`) : undefined)}
      />
    </section>
  );
}
