"use client";

import { useCallback, useMemo } from "react";
import { useTranslations } from "next-intl";
import { CircleAlert, ImageOff, LoaderCircle } from "lucide-react";
import { structureSubject } from "@/config/structure-subject";
import type { BatchDto, BatchEvent, ImageDto } from "@/schemas/generation";
import type { LiveBatch } from "./batch-state";
import { useCatalogNames } from "./catalog-names";
import { ExpiryNote } from "./expiry-note";
import { PlainImage } from "@/components/ui/plain-image";
import { useAnnouncer } from "@/components/ui/use-announcer";
import { preloadResultImage } from "./result-image";
import { useBatchStream } from "./use-batch-stream";
import { requestRemake } from "@/components/design/api";
import { useErrorText } from "@/components/design/use-error-text";
import { minutesLeft, useNow } from "@/components/ui/use-now";
import { VisualizationCard, type CardLabels } from "./visualization-card";

export interface LiveResultsProps {
  batch: BatchDto;
  /** The server's clock at render time (ms), so minutes left match between server and browser. */
  now: number;
  /** site.enginesDocs: where the docs explain how to connect an AI engine. */
  enginesDocs: string;
  /** The design page's path in this language; "Use as new input" links to it with ?image=<id>. */
  designHref: string;
  /** On the design page itself: takes the result as the new input without leaving the page. */
  onUseAsInput?: (image: ImageDto) => void;
  /** The batch's heading level; cards use the next one. */
  headingLevel?: 2 | 3;
  /** Told of each token that comes back (a failed visualization), so a shown balance can follow. */
  onRefund?: () => void;
  /** Results load as soon as they arrive (the batch just ordered), not when scrolled near. */
  eager?: boolean;
}

/**
 * One batch: its original and one card per style, following the batch live until every visualization is
 * final. Shared by /design (right after Generate) and /generations.
 */
export function LiveResults({ batch: initial, now: serverNow, enginesDocs, designHref, onUseAsInput, headingLevel = 2, onRefund, eager }: LiveResultsProps) {
  const t = useTranslations("generation");
  const names = useCatalogNames();
  const now = useNow(serverNow);
  const [announcement, announce] = useAnnouncer();

  const onFinal = useCallback(
    (event: Extract<BatchEvent, { type: "succeeded" | "failed" }>, batch: LiveBatch) => {
      // Its image is fetched while the card is rendered, not after: someone is watching for it.
      if (eager && event.type === "succeeded") preloadResultImage(event.result);
      const visualization = batch.visualizations.find((v) => v.id === event.visualizationId);
      const style = visualization ? names.visualization(batch, visualization) : "";
      announce(t(event.type === "succeeded" ? "ready" : event.refunded ? "failedRefunded" : "failed", { style }));
      if (event.type === "failed" && event.refunded) onRefund?.();
    },
    [announce, t, names, onRefund, eager],
  );
  // A flag comes a moment after its result: said too, with what can be done about it.
  const onFlagged = useCallback(
    (event: Extract<BatchEvent, { type: "scored" }>, batch: LiveBatch) => {
      const visualization = batch.visualizations.find((v) => v.id === event.visualizationId);
      const subject = structureSubject({ roomType: batch.roomType, mode: batch.mode });
      // The free remake is offered as the card offers it: once, and not for a remake (see StructureNote).
      const remake = visualization && !visualization.remakeOf && !visualization.remadeAs ? "yes" : "no";
      announce(t("flaggedAnnounced", { style: visualization ? names.visualization(batch, visualization) : "", percent: Math.round(event.structureScore * 100), subject, remake }));
    },
    [announce, t, names],
  );
  const { batch, lost, reconnecting, following, addRemake } = useBatchStream(initial, onFinal, onFlagged);
  const errorText = useErrorText();
  const remake = useCallback(
    async (visualizationId: string): Promise<string | null> => {
      const outcome = await requestRemake(visualizationId);
      if (outcome.ok) {
        addRemake(visualizationId, outcome.visualization);
        return null;
      }
      return outcome.kind === "network" ? t("structure.remakeNetwork") : errorText(outcome);
    },
    [addRemake, errorText, t],
  );

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const room = names.room(batch.roomType);
  const originalGone = minutesLeft(batch.source.expiresAt, now) === 0;
  const subject = structureSubject({ roomType: batch.roomType, mode: batch.mode });
  const labels = useMemo<CardLabels>(() => ({ room, subject, ai: batch.ai, headingLevel: headingLevel === 2 ? "h3" : "h4" }), [room, subject, batch.ai, headingLevel]);

  return (
    <section aria-labelledby={`batch-${batch.id}`} className="rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-28 shrink-0 overflow-hidden rounded-lg bg-gray-100 dark:bg-gray-800">
          {originalGone ? (
            <div className="flex aspect-4/3 items-center justify-center">
              <ImageOff aria-hidden="true" className="size-6 text-gray-500" />
            </div>
          ) : (
            <PlainImage
              src={batch.source.url}
              alt={t("originalAlt", { room })}
              width={batch.source.width}
              height={batch.source.height}
              loading="lazy"
              className="block h-auto w-full"
            />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <Heading id={`batch-${batch.id}`} className="text-lg font-semibold text-gray-950 dark:text-white">
            {t("batchHeading", { room, count: batch.visualizations.length })}
          </Heading>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("original")}</p>
          <ExpiryNote expiresAt={batch.source.expiresAt} now={now} />
        </div>
      </div>

      {/* Said in words as well as in the files' metadata (EU AI Act Art. 50). */}
      {batch.ai && <p className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">{t("aiNote")}</p>}
      {!batch.ai && (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t.rich("previewNote", {
            link: (chunks) => (
              <a href={enginesDocs} className="font-medium underline underline-offset-2 hover:no-underline">
                {chunks}
              </a>
            ),
          })}
        </p>
      )}

      {reconnecting && !lost && (
        <p role="status" className="mt-4 flex items-start gap-2 text-sm font-medium text-amber-800 dark:text-amber-200">
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 motion-safe:animate-spin" />
          {t("liveReconnecting")}
        </p>
      )}
      {lost && (
        <p role="alert" className="mt-4 flex items-start gap-2 text-sm font-medium text-red-700 dark:text-red-400">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("liveLost")}
        </p>
      )}

      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {batch.visualizations.map((visualization) => (
          <li key={visualization.id}>
            <VisualizationCard
              visualization={visualization}
              batchId={batch.id}
              source={originalGone ? null : batch.source}
              styleName={names.visualization(batch, visualization)}
              labels={labels}
              now={now}
              designHref={designHref}
              onUseAsInput={onUseAsInput}
              eager={eager}
              onRemake={remake}
              checking={following && visualization.status === "succeeded" && visualization.structureScore === null}
            />
          </li>
        ))}
      </ul>

      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
