"use client";

import { Clock } from "lucide-react";
import { useTranslations } from "next-intl";
import { minutesLeft } from "@/components/ui/use-now";

/** "Deleted in 42 minutes", or that it is gone once its hour has passed. */
export function ExpiryNote({ expiresAt, now, className = "" }: { expiresAt: string; now: number; className?: string }) {
  const t = useTranslations("generation");
  const minutes = minutesLeft(expiresAt, now);
  return (
    <p className={`flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-400 ${className}`}>
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {minutes > 0 ? t("minutesLeft", { minutes }) : t("deleted")}
    </p>
  );
}
