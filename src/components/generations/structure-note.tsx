"use client";

import { useEffect, useRef, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { ShieldCheck, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { StructureSubject } from "@/config/structure-subject";
import type { LiveVisualization } from "./batch-state";
import { findingPhrases } from "./structure-findings";
import { StructureOverlay } from "./structure-overlay";

/** What the structure check found on a flagged result, drawn over its before/after; nothing on the others. */
export function flaggedOverlay(v: Pick<LiveVisualization, "flagged" | "structureFindings">, label: string) {
  return v.flagged && v.structureFindings?.length ? <StructureOverlay findings={v.structureFindings} label={label} /> : undefined;
}

/** The structure check in words, with its figure; a flagged result says what differs and offers its free remake once. */
export function StructureNote({
  visualization: v,
  styleName,
  subject,
  onRemake,
}: {
  visualization: Pick<LiveVisualization, "structureScore" | "flagged" | "structureFindings" | "remadeAs" | "remakeOf">;
  styleName: string;
  /** What was kept, in words that fit the photo: a room's walls, a building, a garden's lines (src/config/structure-subject.ts). */
  subject: StructureSubject;
  onRemake?: () => Promise<string | null>;
}) {
  const t = useTranslations("generation.structure");
  const format = useFormatter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The pressed button gives way to the sentence that it worked: focus goes there instead of to the page's start.
  const [remakeAsked, setRemakeAsked] = useState(false);
  const remadeNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (remakeAsked && v.remadeAs) remadeNote.current?.focus();
  }, [remakeAsked, v.remadeAs]);
  const percent = Math.round((v.structureScore ?? 0) * 100);
  if (!v.flagged) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-green-800 dark:text-green-300">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        {t("kept", { percent, subject })}
      </p>
    );
  }
  return (
    <div className="space-y-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className="flex items-start gap-1.5 font-medium">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t("flagged", { percent, subject })}
      </p>
      {v.structureFindings?.length ? (
        <>
          <p>{t("differs", { list: format.list(findingPhrases(v.structureFindings).map(({ key, values }) => t(`findings.${key}`, values)), { type: "conjunction" }) })}</p>
          <p className="text-xs">{t("legend")}</p>
        </>
      ) : null}
      {v.remadeAs ? (
        <p ref={remadeNote} tabIndex={-1}>
          {t("remade")}
        </p>
      ) : v.remakeOf ? null : onRemake ? (
        <Button
          size="sm"
          variant="soft"
          color="gray"
          disabled={busy}
          aria-label={t("remakeNamed", { style: styleName })}
          onClick={async () => {
            setBusy(true);
            const refused = await onRemake();
            setError(refused);
            setRemakeAsked(refused === null);
            setBusy(false);
          }}
        >
          {t("remake")}
        </Button>
      ) : null}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
