"use client";

import { useCallback, useRef, useState } from "react";
import { LISTING_UPLOAD_CONCURRENCY } from "@/config/listings";
import { uploadImage } from "@/components/design/api";
import { useErrorText } from "@/components/design/use-error-text";

export type PhotoUpload = { key: number; name: string; state: "waiting" | "uploading" | "done" | "failed"; progress: number | null; message?: string };

/**
 * Many files, sent LISTING_UPLOAD_CONCURRENCY at a time, each with its own progress; a refused file
 * (too big, not a photo, hostile) fails alone and the others go on. Each uploaded photo is handed to
 * `onUploaded` (which adds it to the listing) before the next one starts in its slot.
 */
export function usePhotoUploads(onUploaded: (imageId: string) => Promise<string | null>, networkMessage: string) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const nextKey = useRef(0);
  const errorText = useErrorText();

  const update = (key: number, change: Partial<PhotoUpload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = useCallback(
    async (files: File[]) => {
      const queued = files.map((file) => ({ file, key: nextKey.current++ }));
      setUploads((list) => [...list.filter((u) => u.state !== "done"), ...queued.map(({ file, key }) => ({ key, name: file.name, state: "waiting" as const, progress: null }))]);
      let at = 0;
      const lane = async () => {
        while (at < queued.length) {
          const { file, key } = queued[at++]!;
          update(key, { state: "uploading", progress: 0 });
          const outcome = await uploadImage(file, (progress) => update(key, { progress })).done;
          if (!outcome.ok) {
            update(key, { state: "failed", message: outcome.kind === "error" ? errorText(outcome) : networkMessage });
            continue;
          }
          const refusal = await onUploaded(outcome.image.id);
          update(key, refusal ? { state: "failed", message: refusal } : { state: "done", progress: 1 });
        }
      };
      await Promise.all(Array.from({ length: Math.min(LISTING_UPLOAD_CONCURRENCY, queued.length) }, lane));
    },
    [onUploaded, networkMessage, errorText],
  );

  return { uploads, start };
}
