"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ImageDto } from "@/schemas/generation";
import { uploadImage } from "./api";
import { useErrorText } from "./use-error-text";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; name: string; progress: number | null }
  | { status: "done" }
  | { status: "failed"; message: string };

/**
 * One upload at a time (a new file replaces a running upload). Only a successful upload changes the
 * chosen image, so a refused file never loses the previous choice.
 */
export function useImageUpload(onUploaded: (image: ImageDto) => void, networkMessage: string) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const running = useRef<{ abort: () => void } | null>(null);
  const errorText = useErrorText();

  const start = useCallback(
    async (file: File) => {
      running.current?.abort();
      setState({ status: "uploading", name: file.name, progress: 0 });
      const upload = uploadImage(file, (progress) => setState((s) => (s.status === "uploading" ? { ...s, progress } : s)));
      running.current = upload;
      const outcome = await upload.done;
      if (running.current !== upload) return; // replaced by a newer upload
      running.current = null;
      if (outcome.ok) {
        setState({ status: "done" });
        onUploaded(outcome.image);
      } else if (outcome.kind === "aborted") {
        setState({ status: "idle" });
      } else if (outcome.kind === "network") {
        setState({ status: "failed", message: networkMessage });
      } else {
        setState({ status: "failed", message: errorText(outcome) });
      }
    },
    [onUploaded, networkMessage, errorText],
  );

  const cancel = useCallback(() => running.current?.abort(), []);
  /** Another choice was made: a running upload would otherwise replace it when it finishes. */
  const clear = useCallback(() => {
    running.current?.abort();
    setState({ status: "idle" });
  }, []);

  useEffect(() => () => running.current?.abort(), []);

  return { state, start, cancel, clear };
}
