"use client";

import { useCallback, useRef, useState } from "react";
import { LISTING_UPLOAD_CONCURRENCY } from "@/config/listings";
import { uploadImage } from "@/components/design/api";
import { useErrorText } from "@/components/design/use-error-text";

export type PhotoUpload = { key: number; name: string; state: "waiting" | "uploading" | "done" | "failed"; progress: number | null; message?: string };

/**
 * Many files, sent LISTING_UPLOAD_CONCURRENCY at a time, each with its own progress; a refused file
 * (too big, not a photo, hostile) fails alone and the others go on. The uploaded photos are handed to
 * `onUploaded` (which adds them to the listing) one by one in the order they were chosen, whichever upload
 * finishes first: the listing's numbering, its ZIP and the client's page follow the person's order.
 * `start` resolves with how many were added and how many not, once all are settled.
 */
export function usePhotoUploads(onUploaded: (imageId: string) => Promise<string | null>, networkMessage: string) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const nextKey = useRef(0);
  const errorText = useErrorText();

  const update = (key: number, change: Partial<PhotoUpload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = useCallback(
    async (files: File[]) => {
      const queued = files.map((file) => {
        let settle: (imageId: string | null) => void = () => {};
        const uploaded = new Promise<string | null>((resolve) => (settle = resolve));
        return { file, key: nextKey.current++, uploaded, settle };
      });
      setUploads((list) => [...list.filter((u) => u.state !== "done"), ...queued.map(({ file, key }) => ({ key, name: file.name, state: "waiting" as const, progress: null }))]);
      let at = 0;
      const lane = async () => {
        while (at < queued.length) {
          const { file, key, settle } = queued[at++]!;
          update(key, { state: "uploading", progress: 0 });
          const outcome = await uploadImage(file, (progress) => update(key, { progress })).done;
          if (!outcome.ok) update(key, { state: "failed", message: outcome.kind === "error" ? errorText(outcome) : networkMessage });
          settle(outcome.ok ? outcome.image.id : null);
        }
      };
      let added = 0;
      const addInOrder = async () => {
        for (const { key, uploaded } of queued) {
          const imageId = await uploaded;
          if (imageId === null) continue;
          const refusal = await onUploaded(imageId);
          update(key, refusal ? { state: "failed", message: refusal } : { state: "done", progress: 1 });
          if (!refusal) added++;
        }
      };
      await Promise.all([addInOrder(), ...Array.from({ length: Math.min(LISTING_UPLOAD_CONCURRENCY, queued.length) }, lane)]);
      return { added, failed: queued.length - added };
    },
    [onUploaded, networkMessage, errorText],
  );

  return { uploads, start };
}
