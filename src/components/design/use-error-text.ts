"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { imageRejections, type ImageRejection } from "@/schemas/image-rejections";
import type { ApiError } from "./api";

/**
 * The sentence for a server error: the one the server translated (every route answers with it), else
 * upload.errors.<reason> for a refused image, errors.BUSY for an upload the server had no room for, else the generic one (an answer that is not ours, e.g. a proxy's).
 */
export function useErrorText(): (error: Pick<ApiError, "code" | "details" | "message">) => string {
  const tErrors = useTranslations("errors");
  const tUpload = useTranslations("upload");
  // Stable between renders: callbacks built on it (a result card's remake) keep their identity.
  return useCallback(
    ({ code, details, message }) => {
      if (message) return message;
      const reason = details.reason;
      if (code === "INVALID_IMAGE" && imageRejections.includes(reason as ImageRejection)) return tUpload(`errors.${reason as ImageRejection}`);
      if (code === "BUSY") return tErrors("BUSY");
      return tErrors("generic");
    },
    [tErrors, tUpload],
  );
}
