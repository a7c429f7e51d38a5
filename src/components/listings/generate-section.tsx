"use client";

import { memo } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { InsufficientTokens } from "@/components/design/insufficient-tokens";
import { ModeDetails, ModePicker } from "@/components/design/mode-options";
import { listingPageModes, textsTooLong } from "@/components/design/mode-settings";
import type { EditMode } from "@/config/edit-modes";
import { LISTING_MAX_STYLES, LISTING_MAX_VARIATIONS } from "@/config/listings";
import { pathFor } from "@/config/routes";
import { styleIds } from "@/config/styles";
import { MessageLines } from "./message-lines";
import type { ListingGenerate } from "./use-listing-generate";

/** Generate for all photos: the mode, variations and styles, the button, and the confirmation with the cost and balance. */
export const GenerateSection = memo(function GenerateSection({ generating: g, modes, enginesDocs }: { generating: ListingGenerate; modes: readonly EditMode[]; enginesDocs: string }) {
  const t = useTranslations("listings");
  const tStyles = useTranslations("styles");
  const tDesign = useTranslations("design");
  const pricingHref = pathFor("/pricing", useLocale());
  const { settings, setSettings, styles, styled, atStyleLimit, livePhotos, leftOut, cost, balance, short } = g;

  return (
    <section aria-labelledby="generate" className="space-y-4 rounded-2xl border border-gray-200 p-5 dark:border-gray-800">
      <h2 id="generate" className="text-xl font-semibold">{t("generateHeading")}</h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("generateLead")}</p>
      <ModePicker headingLevel={3} value={settings.mode} modes={listingPageModes} available={modes} enginesDocs={enginesDocs} onChange={(next) => setSettings((s) => ({ ...s, mode: next }))} />
      <ModeDetails settings={settings} available={modes} maskEditor={null} onChange={(next) => setSettings((s) => ({ ...s, ...next }))} />
      <div className="flex flex-wrap gap-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t(styled ? "variations" : "variationsUnstyled")}
          <select value={g.variations} onChange={(e) => g.setVariations(Number(e.target.value))} className="rounded-lg border border-gray-300 bg-white px-3 py-2 dark:border-gray-700 dark:bg-gray-900">
            {Array.from({ length: LISTING_MAX_VARIATIONS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>{n}</option>
            ))}
          </select>
        </label>
      </div>
      {styled && (
        <fieldset aria-describedby={atStyleLimit ? "listing-styles-limit" : undefined}>
          <legend className="mb-2 text-sm font-medium">{t("styles")}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
            {styleIds.map((id) => (
              <label key={id} className="flex items-center gap-2 text-sm has-disabled:opacity-60">
                <input
                  type="checkbox"
                  checked={styles.includes(id)}
                  // At the limit the others wait: a listing's Generate takes at most LISTING_MAX_STYLES styles.
                  disabled={atStyleLimit && !styles.includes(id)}
                  onChange={(e) => g.setStyles((list) => (e.target.checked ? [...list, id] : list.filter((s) => s !== id)))}
                />
                {tStyles(`${id}.name`)}
              </label>
            ))}
          </div>
          {atStyleLimit && (
            <p id="listing-styles-limit" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
              {tDesign("stylesLimit", { limit: LISTING_MAX_STYLES })}
            </p>
          )}
        </fieldset>
      )}
      <Button size="md" loading={g.busy} disabled={livePhotos === 0 || (styled && styles.length === 0) || textsTooLong(settings).length > 0} onClick={() => g.setConfirming(true)}>
        {t("generate")}
      </Button>
      {livePhotos === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t(leftOut > 0 ? "noPhotosInMode" : "noPhotos")}</p>
      ) : styled && styles.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("noStyles")}</p>
      ) : leftOut > 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("leftOutOfMode", { count: leftOut })}</p>
      ) : null}
      <MessageLines message={g.message} whenEmpty="empty:hidden" />
      {g.refused && <InsufficientTokens balance={g.refused.balance} attempted={g.refused.attempted} pricingHref={pricingHref} team={g.team} monthlyCap={g.refused.monthlyCap} />}
      <Modal
        open={g.confirming}
        onOpenChange={g.setConfirming}
        title={t("confirmTitle")}
        description={[
          styled ? t("confirmText", { photos: livePhotos, styles: styles.length, variations: g.variations, cost }) : t("confirmTextEdit", { photos: livePhotos, variations: g.variations, cost }),
          leftOut > 0 ? t("leftOutOfMode", { count: leftOut }) : null,
          balance === null || short || g.capped ? null : t("confirmBalance", { balance, after: balance - cost, pool: g.team ? "team" : "own", team: g.team ?? "" }),
        ]
          .filter(Boolean)
          .join(" ")}
        footer={
          <>
            <Button variant="outline" color="gray" onClick={() => g.setConfirming(false)}>{t("cancel")}</Button>
            <Button disabled={short || g.capped} onClick={() => void g.generate()}>{t("confirm", { cost })}</Button>
          </>
        }
      >
        {/* Known short: what is missing, and the way to buy it, rather than a Generate the server would refuse. */}
        {short && balance !== null && <InsufficientTokens ahead balance={balance} attempted={cost} pricingHref={pricingHref} team={g.team} />}
        {g.capped && g.capLeft !== null && <InsufficientTokens ahead balance={g.capLeft} attempted={cost} pricingHref={pricingHref} team={g.team} monthlyCap />}
      </Modal>
    </section>
  );
});
