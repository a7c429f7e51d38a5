"use client";

import { useTranslations } from "next-intl";
import type { ApiError } from "./api";

/** The translated sentence for a server error: upload.errors.<reason> for a refused image, errors.<code> otherwise. */
export function useErrorText(): (error: Pick<ApiError, "code" | "details">) => string {
  const tErrors = useTranslations("errors");
  const tUpload = useTranslations("upload");
  return ({ code, details }) => {
    if (code === "INVALID_IMAGE") {
      const key = `errors.${String(details.reason ?? "")}`;
      return tUpload.has(key) ? tUpload(key) : tErrors("INVALID_IMAGE");
    }
    if (code !== "INSUFFICIENT_TOKENS" && tErrors.has(code)) return tErrors(code);
    return tErrors("generic");
  };
}
