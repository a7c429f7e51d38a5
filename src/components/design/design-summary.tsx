"use client";

import { useId } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { CircleAlert, CircleCheck, RotateCcw, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { RoomType } from "@/config/room-types";
import { InsufficientTokens } from "./insufficient-tokens";

export type Missing = "image" | "room" | "roomForMode" | "styles" | "mask" | "replaceText" | "color" | "photo" | "instructionTooLong" | "keepTooLong" | "replaceTextTooLong";
export type Notice =
  | { type: "insufficient"; balance: number; attempted: number; monthlyCap?: boolean }
  | { type: "error"; message: string }
  | { type: "started"; resultsId: string };

interface Props {
  cost: number;
  /** Where the cost comes from when there is more than one variation: styles (null for an edit) × variations. */
  breakdown: { styles: number | null; variations: number } | null;
  /** Null until the person's data has arrived. */
  balance: number | null;
  /** The team whose pool the balance is, while the person works as it. */
  team?: string | null;
  /** In a team with a monthly cap: what it still allows (null or absent: no cap). */
  capLeft?: number | null;
  missing: readonly Missing[];
  /** The room types the chosen edit takes (null: any): named when the chosen one does not fit. */
  fittingRooms: readonly string[] | null;
  notice: Notice | null;
  pricingHref: string;
  onReset: () => void;
  onGenerate: () => void;
  /** Its number among the page's steps (the last). */
  step: number;
}

const missingKey = {
  image: "missingImage",
  room: "missingRoom",
  styles: "missingStyles",
  mask: "missingMask",
  replaceText: "missingReplaceText",
  color: "missingColor",
  photo: "missingPhotoField",
  instructionTooLong: "tooLongInstruction",
  keepTooLong: "tooLongKeep",
  replaceTextTooLong: "tooLongReplaceText",
} as const satisfies Record<Exclude<Missing, "roomForMode">, string>;

/** A text too long is not chosen but shortened: said in a sentence of its own. */
const tooLong = (m: Missing) => m.endsWith("TooLong");

/** Cost, balance, Reset and Generate; says what is missing, and what came of the last Generate. */
export function DesignSummary({ cost, breakdown, balance, team, capLeft = null, missing, fittingRooms, notice, pricingHref, onReset, onGenerate, step }: Props) {
  const t = useTranslations("design");
  const tAccount = useTranslations("account");
  const tRooms = useTranslations("rooms");
  const format = useFormatter();
  const missingId = useId();
  const ready = missing.length === 0;
  // Said before Generate is pressed, with the way to buy, as soon as the choice costs more than the balance; not next
  // to the news that the last Generate started (it spent the tokens), only once the person chooses again.
  const quiet = notice?.type === "insufficient" || notice?.type === "started" || cost === 0;
  const short = !quiet && balance !== null && balance < cost;
  // Enough in the pool, but more than the member's monthly cap still allows.
  const capped = !quiet && !short && capLeft !== null && capLeft < cost;

  return (
    <section aria-labelledby={`${missingId}-title`} className="space-y-4 rounded-2xl border border-gray-200 p-5 dark:border-gray-800">
      <h2 id={`${missingId}-title`} className="text-xl font-semibold text-gray-950 dark:text-white">
        {t("step", { number: step, title: t("summaryTitle") })}
      </h2>
      <div className="space-y-1">
        <p className="text-lg font-medium text-gray-950 dark:text-white">{t("cost", { tokens: tAccount("tokens", { count: cost }) })}</p>
        {breakdown && cost > 0 && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t("costBreakdown", { units: breakdown.styles === null ? t("costUnitEdit") : t("costUnitStyles", { count: breakdown.styles }), variations: breakdown.variations })}
          </p>
        )}
        {/* A live region: the tokens a Generate spends, and those a failure gives back, are heard as they change. */}
        <p role="status" className="text-gray-700 dark:text-gray-300">
          {balance === null ? "\u00a0" : team ? t("teamBalance", { team, tokens: tAccount("tokens", { count: balance }) }) : t("balance", { tokens: tAccount("tokens", { count: balance }) })}
        </p>
      </div>
      {!ready && (
        <p id={missingId} className="text-sm text-gray-700 dark:text-gray-300">
          {[
            missing.some((m) => !tooLong(m)) &&
              t("missing", { items: format.list(missing.filter((m) => !tooLong(m)).map((m) => (m === "roomForMode" ? t("missingRoomForMode", { rooms: format.list((fittingRooms ?? []).map((room) => tRooms(room as RoomType)), { type: "disjunction" }) }) : t(missingKey[m as Exclude<Missing, "roomForMode">])))) }),
            missing.some(tooLong) && t("tooLong", { items: format.list(missing.filter(tooLong).map((m) => t(missingKey[m as Exclude<Missing, "roomForMode">]))) }),
          ]
            .filter(Boolean)
            .join(" ")}
        </p>
      )}
      {short && <InsufficientTokens ahead balance={balance} attempted={cost} pricingHref={pricingHref} team={team} />}
      {capped && <InsufficientTokens ahead balance={capLeft} attempted={cost} pricingHref={pricingHref} team={team} monthlyCap />}
      <div className="flex flex-wrap gap-2">
        <Button size="lg" leadingIcon={<Sparkles />} disabled={!ready} aria-describedby={ready ? undefined : missingId} onClick={onGenerate}>
          {t("generate")}
        </Button>
        <Button size="lg" variant="outline" color="gray" leadingIcon={<RotateCcw />} onClick={onReset}>
          {t("reset")}
        </Button>
      </div>
      {notice?.type === "insufficient" && <InsufficientTokens balance={notice.balance} attempted={notice.attempted} pricingHref={pricingHref} team={team} monthlyCap={notice.monthlyCap} />}
      {notice?.type === "error" && (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {notice.message}
        </p>
      )}
      {/* Always present, so the sentence that appears in it is announced. */}
      <div role="status">
        {notice?.type === "started" && (
          <div className="flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>
              {t("started")}{" "}
              <a href={`#${notice.resultsId}`} className="font-medium underline underline-offset-2 hover:no-underline">
                {t("goToResults")}
              </a>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
