"use client";

import { disclosureKind } from "@/config/listing-portals";
import { memo } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ComparisonSlider } from "@/components/ui/comparison-slider";
import { flaggedOverlay, StructureNote } from "@/components/generations/structure-note";
import type { ListingPhotoDto, ListingResultDto } from "@/schemas/listings";
import { resultAltKey } from "@/components/generations/result-alt";
import { structureSubject } from "@/config/structure-subject";

/** The disclosure label on screen, on the result's side of the slider (the files handed out carry it burnt into the same corner). */
function LabelBadge({ text }: { text: string }) {
  return <span className="pointer-events-none absolute right-2 bottom-2 z-10 rounded bg-black/60 px-2 py-0.5 text-xs text-white">{text}</span>;
}

/**
 * One result of a listing's photo: the photo and the result side by side, its structure score with a free
 * remake when it drifted, and the button that chooses it for the client; or where it stands (queued, running,
 * failed and refunded, deleted with its hour). Memoised: an event about one result renders that result alone.
 */
export const ListingResult = memo(function ListingResult({
  result: r,
  name,
  photo,
  chosen,
  labelled,
  onChoose,
  onRemake,
}: {
  result: ListingResultDto;
  /** Its name, as the design page names it (style or what was done, variation, remake). */
  name: string;
  photo: { image: ListingPhotoDto["image"]; number: number; room: string; roomType: string };
  chosen: boolean;
  /** The listing puts its disclosure label on results. */
  labelled: boolean;
  /** Chooses it (true) or takes the choice back (false). */
  onChoose: (visualizationId: string, chosen: boolean) => void;
  /** A free remake of a flagged result: null when asked for, else the sentence saying why not. */
  onRemake: (visualizationId: string) => Promise<string | null>;
}) {
  const t = useTranslations("listings");
  const tGen = useTranslations("generation");
  const tModes = useTranslations("modes");
  const { image, number, room } = photo;
  const afterAlt = tGen(resultAltKey(r), { room, style: name, edit: name });
  // A staged result and a restyled one of the same style sit side by side: their controls say which is which.
  const spoken = r.mode === "stage" ? `${tModes("stage.name")}: ${name}` : name;
  return (
    <li data-testid="listing-result" className={`space-y-2 rounded-xl p-2 ${chosen ? "ring-2 ring-primary-600" : ""}`}>
      <p className="text-sm font-medium">
        {r.mode === "stage" && <span className="block text-xs font-normal text-gray-700 dark:text-gray-300">{tModes("stage.name")}</span>}
        {name}
      </p>
      {r.status === "succeeded" && r.result ? (
        <>
          <div className="relative">
            {image ? (
              <ComparisonSlider
                before={{ src: image.url, alt: tGen("originalAlt", { room }), width: image.width, height: image.height }}
                after={{ src: r.result.url, alt: afterAlt, width: r.result.width, height: r.result.height }}
                label={tGen("compare", { style: spoken })}
                beforeLabel={tGen("before")}
                afterLabel={tGen("after")}
                valueText={(percent) => tGen("compareValue", { percent })}
                overlay={flaggedOverlay(r, tGen("structure.overlay"))}
              />
            ) : (
              // eslint-disable-next-line @next/next/no-img-element -- the user's own short-lived image, served by our API
              <img src={r.result.url} alt={afterAlt} width={r.result.width} height={r.result.height} className="h-auto w-full rounded-lg" />
            )}
            {labelled && <LabelBadge text={t(`labels.${disclosureKind(r.mode)}`)} />}
          </div>
          <Button
            size="xs"
            variant={chosen ? "solid" : "outline"}
            aria-pressed={chosen}
            // Eight of these sit side by side: the name says which result of which photo, after its visible words.
            aria-label={t(chosen ? "chosenNamed" : "chooseNamed", { name: spoken, number })}
            onClick={() => onChoose(r.visualizationId, !chosen)}>
            {chosen ? t("chosen") : t("choose")}
          </Button>
          {/* Below the button: the check's note arrives a moment after the result and must not move it from under a pointer. */}
          {r.structureScore !== null && <StructureNote visualization={r} styleName={spoken} subject={structureSubject({ roomType: photo.roomType, mode: r.mode })} onRemake={() => onRemake(r.visualizationId)} />}
        </>
      ) : r.status === "failed" ? (
        <p className="text-sm text-red-700 dark:text-red-400">
          {tGen(`failure.${r.failureReason ?? "internal"}`)} {r.refunded ? tGen("refunded") : ""}
        </p>
      ) : r.status === "succeeded" ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{tGen("deleted")}</p>
      ) : (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {tGen(`status.${r.status}`)}
          {r.progress !== null ? ` ${Math.round(r.progress * 100)}%` : ""}
        </p>
      )}
    </li>
  );
});
