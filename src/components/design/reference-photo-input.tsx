"use client";

import { useCallback, useId, useState } from "react";
import { useTranslations } from "next-intl";
import type { ImageDto } from "@/schemas/generation";
import { UPLOAD_ACCEPT } from "./upload-panel";
import { useImageUpload } from "./use-image-upload";

/**
 * A photo the mode follows (a style from a reference photo): uploaded as any photo is, refused as any photo
 * would be; its id is the field's value. A refused file keeps the earlier choice.
 */
export function ReferencePhotoInput(props: { mode: string; field: string; value: string; onChange: (imageId: string) => void }) {
  const t = useTranslations("design");
  const id = useId();
  const [shown, setShown] = useState<ImageDto | null>(null);
  const label = (key: string) => t(`fields.${props.mode}.${props.field}.${key}` as never);
  const { onChange } = props;
  const uploaded = useCallback(
    (image: ImageDto) => {
      setShown(image);
      onChange(image.id);
    },
    [onChange],
  );
  const { state, start } = useImageUpload(uploaded, t("uploadNetwork"));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{label("legend")}</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-700 dark:text-gray-300">
        {label("hint")}
      </p>
      <label className="inline-flex cursor-pointer items-center rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 dark:border-gray-700">
        {label(props.value ? "change" : "choose")}
        <input
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-describedby={`${id}-hint`}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void start(file);
          }}
        />
      </label>
      {state.status === "uploading" && <p role="status" className="text-sm text-gray-700 dark:text-gray-300">{label("uploading")}</p>}
      {state.status === "failed" && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {state.message}
        </p>
      )}
      {props.value && state.status !== "uploading" && (
        <div role="status" className="flex items-center gap-3 text-sm text-green-800 dark:text-green-300">
          {shown?.id === props.value && (
            // eslint-disable-next-line @next/next/no-img-element -- an owner-only image of the last hour, not for the optimiser
            <img src={shown.url} alt={label("alt")} width={96} height={Math.round((96 * shown.height) / shown.width)} className="h-16 w-auto rounded border border-gray-200 dark:border-gray-800" />
          )}
          {label("chosen")}
        </div>
      )}
    </fieldset>
  );
}
