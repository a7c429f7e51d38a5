"use client";

import { useId, useRef, useState, type ChangeEvent, type DragEvent } from "react";
import { useTranslations } from "next-intl";
import { Camera, CircleAlert, CircleCheck, ImageUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { UploadState } from "./use-image-upload";

/** What the file picker offers: the formats the server accepts, HEIC/HEIF by extension too (browsers often do not know its type). */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif";

interface Props {
  state: UploadState;
  onFile: (file: File) => void;
  onCancel: () => void;
  /** Whether an image is chosen, so a failed upload can say that it is still chosen. */
  hasChoice: boolean;
}

/** File picker, drop zone and phone camera; paste is handled page-wide by the design page. */
export function UploadPanel({ state, onFile, onCancel, hasChoice }: Props) {
  const t = useTranslations("design");
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it, say) is a change too.
    event.target.value = "";
    if (file) onFile(file);
  }

  function dropped(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    event.stopPropagation();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div className="space-y-3">
      <div
        onDragEnter={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={dropped}
        className={`flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors ${
          over ? "border-primary-600 bg-primary-50 dark:border-primary-400 dark:bg-primary-950" : "border-gray-300 dark:border-gray-700"
        }`}
      >
        <ImageUp aria-hidden="true" className="size-8 text-gray-500" />
        <p className="font-medium text-gray-800 dark:text-gray-200">{t("dropZone")}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => fileInput.current?.click()} aria-describedby={hintId}>
            {t("chooseFile")}
          </Button>
          <Button variant="outline" color="gray" leadingIcon={<Camera />} onClick={() => cameraInput.current?.click()}>
            {t("takePhoto")}
          </Button>
        </div>
        <div id={hintId} className="text-sm text-gray-600 dark:text-gray-400">
          <p>{t("accepted")}</p>
          <p>{t("pasteHint")}</p>
        </div>
        <input ref={fileInput} type="file" accept={UPLOAD_ACCEPT} onChange={picked} hidden aria-label={t("chooseFile")} />
        <input ref={cameraInput} type="file" accept="image/*" capture="environment" onChange={picked} hidden aria-label={t("takePhoto")} />
      </div>

      {state.status === "uploading" && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-700 dark:text-gray-300">
            <span className="min-w-0 truncate">{t("uploading", { name: state.name })}</span>
            <Button size="xs" variant="ghost" color="gray" onClick={onCancel}>
              {t("cancelUpload")}
            </Button>
          </div>
          {/* Without a known total the bar is indeterminate rather than stuck at 0. */}
          <ProgressBar label={t("uploadProgress")} value={state.progress} className="w-full" />
        </div>
      )}
      {state.status === "failed" && (
        <div role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">{t("uploadFailed")}</p>
            <p>{state.message}</p>
            {hasChoice && <p>{t("previousKept")}</p>}
          </div>
        </div>
      )}
      {/* Always rendered (a live region that appears with its text is not announced by every screen reader). */}
      <p role="status" className="flex items-center gap-2 text-sm text-green-800 dark:text-green-300">
        {state.status === "done" && (
          <>
            <CircleCheck aria-hidden="true" className="size-4" />
            {t("uploaded")}
          </>
        )}
      </p>
    </div>
  );
}
