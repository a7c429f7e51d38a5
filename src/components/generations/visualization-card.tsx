"use client";

import { memo } from "react";
import { useTranslations } from "next-intl";
import { CircleAlert, Download, ImageOff, LoaderCircle, RotateCcw, Sparkles } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import type { StructureSubject } from "@/config/structure-subject";
import type { ImageDto, VisualizationStatus } from "@/schemas/generation";
import type { LiveVisualization } from "./batch-state";
import { ComparisonSlider } from "@/components/ui/comparison-slider";
import { ExpiryNote } from "./expiry-note";
import { ResultHd } from "./result-hd";
import { RESULT_SIZES, resultSrcSet } from "./result-image";
import { RetryingImage } from "@/components/ui/retrying-image";
import { ProgressBar } from "@/components/ui/progress-bar";
import { minutesLeft } from "@/components/ui/use-now";
import { resultAltKey } from "./result-alt";
import { flaggedOverlay, StructureNote } from "./structure-note";

/** The batch's room (its name, and what its structure sentence speaks of), whether an AI made it, and the card's heading level. */
export type CardLabels = { room: string; subject: StructureSubject; ai: boolean; headingLevel: "h3" | "h4" };

interface Props {
  visualization: LiveVisualization;
  batchId: string;
  /** The batch's original, or null once it has been deleted (the result is then shown alone). */
  source: ImageDto | null;
  styleName: string;
  labels: CardLabels;
  now: number;
  designHref: string;
  onUseAsInput?: (image: ImageDto) => void;
  /** Load the images as soon as they are known, not when scrolled near: someone is watching for them. */
  eager?: boolean;
  /** Asks for the free remake of a flagged result; resolves with an error sentence when it was refused. */
  onRemake?: (visualizationId: string) => Promise<string | null>;
  /** Its structure check is awaited on the open stream: said in the place where its note will stand. */
  checking?: boolean;
}

const statusLook: Record<VisualizationStatus, string> = {
  queued: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
  running: "bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200",
  succeeded: "bg-green-50 text-green-800 dark:bg-green-950 dark:text-green-200",
  failed: "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/**
 * One style of a batch: its state, and once ready the result with before/after, download and reuse. Memoized:
 * each event of a batch changes one card, and the others need not render again while its image arrives.
 */
export const VisualizationCard = memo(function VisualizationCard({ visualization: v, batchId, source, styleName, labels, now, designHref, onUseAsInput, eager, onRemake, checking }: Props) {
  const t = useTranslations("generation");
  const Heading = labels.headingLevel;
  const alt = t(resultAltKey({ styleId: v.styleId, ai: labels.ai }), { room: labels.room, style: styleName, edit: styleName });

  return (
    <article aria-label={styleName} className="flex h-full flex-col gap-3 rounded-xl bg-gray-50 p-3 dark:bg-gray-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-semibold text-gray-950 dark:text-white">{styleName}</Heading>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusLook[v.status]}`}>{t(`status.${v.status}`)}</span>
      </div>

      {v.status === "queued" || v.status === "running" ? (
        <Pending visualization={v} styleName={styleName} source={source} />
      ) : v.status === "failed" ? (
        <div className="space-y-1 text-sm">
          <p className="flex items-start gap-2 text-red-700 dark:text-red-400">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t(`failure.${v.failureReason ?? "internal"}`)}
          </p>
          {v.refunded ? (
            <p className="flex items-center gap-2 text-gray-700 dark:text-gray-300">
              <RotateCcw aria-hidden="true" className="size-4 shrink-0" />
              {t("refunded")}
            </p>
          ) : null}
        </div>
      ) : v.result && minutesLeft(v.result.expiresAt, now) > 0 ? (
        <>
          {source ? (
            <ComparisonSlider
              before={{ src: source.url, alt: t("originalAlt", { room: labels.room }), width: source.width, height: source.height }}
              after={{ src: v.result.url, srcSet: resultSrcSet(v.result), alt, width: v.result.width, height: v.result.height }}
              sizes={RESULT_SIZES}
              eager={eager}
              label={t("compare", { style: styleName })}
              beforeLabel={t("before")}
              afterLabel={t("after")}
              valueText={(percent) => t("compareValue", { percent })}
              overlay={flaggedOverlay(v, t("structure.overlay"))}
            />
          ) : (
            <RetryingImage
              src={v.result.url}
              srcSet={resultSrcSet(v.result)}
              sizes={RESULT_SIZES}
              alt={alt}
              width={v.result.width}
              height={v.result.height}
              loading={eager ? "eager" : "lazy"}
              className="block h-auto w-full rounded-lg"
            />
          )}
          {!labels.ai && (
            <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-200">
              <Sparkles aria-hidden="true" className="size-4 shrink-0" />
              {t("preview")}
            </p>
          )}
          {v.structureScore !== null ? (
            <StructureNote visualization={v} styleName={styleName} subject={labels.subject} onRemake={onRemake && (() => onRemake(v.id))} />
          ) : checking ? (
            // Holds the note's place: the buttons below do not jump from under a pointer when it arrives.
            <p className="flex items-center gap-1.5 text-sm text-gray-700 dark:text-gray-300">
              <LoaderCircle aria-hidden="true" className="size-4 shrink-0 motion-safe:animate-spin" />
              {t("structure.checking", { subject: labels.subject })}
            </p>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline" color="gray" leadingIcon={<Download />}>
              <a href={`${v.result.url}?download&name=${encodeURIComponent(`${labels.room} ${styleName}`)}`} download aria-label={t("downloadNamed", { style: styleName })}>
                {t("download")}
              </a>
            </Button>
            {onUseAsInput ? (
              <Button size="sm" variant="soft" aria-label={t("useAsInputNamed", { style: styleName })} onClick={() => v.result && onUseAsInput(v.result)}>
                {t("useAsInput")}
              </Button>
            ) : (
              <Button asChild size="sm" variant="soft">
                <Link href={`${designHref}?image=${encodeURIComponent(v.result.id)}`} aria-label={t("useAsInputNamed", { style: styleName })}>
                  {t("useAsInput")}
                </Link>
              </Button>
            )}
            <ResultHd visualizationId={v.id} batchId={batchId} fileName={`${labels.room} ${styleName}`} styleName={styleName} ordered={v.hdState} />
          </div>
          <ExpiryNote expiresAt={v.result.expiresAt} now={now} />
        </>
      ) : (
        <p className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <ImageOff aria-hidden="true" className="size-4 shrink-0" />
          {t("deleted")}
        </p>
      )}
    </article>
  );
});


function Pending({ visualization: v, styleName, source }: { visualization: LiveVisualization; styleName: string; source: ImageDto | null }) {
  const t = useTranslations("generation");
  const known = v.status === "running" && v.progress !== null;
  return (
    <div className="space-y-2">
      {/* Holds the result's place (the original's shape), so the page does not jump when it arrives. */}
      <div
        className="flex items-center justify-center rounded-lg bg-gray-200/70 motion-safe:animate-pulse dark:bg-gray-800"
        style={{ aspectRatio: source ? `${source.width} / ${source.height}` : "4 / 3" }}
      >
        {v.status === "running" && <LoaderCircle aria-hidden="true" className="size-6 text-gray-500 motion-safe:animate-spin" />}
      </div>
      {known && (
        <div className="flex items-center gap-2">
          <ProgressBar value={v.progress ?? 0} label={t("progress", { style: styleName })} className="flex-1" />
          <span aria-hidden="true" className="w-10 text-end text-xs text-gray-700 tabular-nums dark:text-gray-300">
            {Math.round((v.progress ?? 0) * 100)}%
          </span>
        </div>
      )}
    </div>
  );
}
