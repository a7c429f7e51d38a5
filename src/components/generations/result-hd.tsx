"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Download } from "lucide-react";
import { reloadPersonData } from "@/components/account/person-data-store";
import { Button } from "@/components/ui/button";
import { apiFetch, serverMessage } from "@/web/client/api-fetch";
import type { ImageDto } from "@/schemas/generation";
import { useBatchHdEvents } from "./batch-hd-events";

type HdState = { state: "ready" | "queued" | "running" | "failed" | null; hd: ImageDto | null; plain?: boolean };

/**
 * A result's 4K copy: ordered for one token (ordering again costs nothing), made by the HD worker. While it is
 * being made the page follows the result's batch over its event stream, and reads the order once when its
 * "hd" event comes (or the stream ends), then offers the download. A failed copy gives the token back and may be
 * ordered again. `ordered` is where an earlier order stands (the result's hdState as the page loaded it): a page
 * opened later says it is being made, or asks for the made copy and offers its download, instead of offering
 * to order again.
 */
export function ResultHd({ visualizationId, batchId, fileName, styleName, ordered = null }: { visualizationId: string; batchId: string; fileName: string; styleName: string; ordered?: HdState["state"] }) {
  const t = useTranslations("generation");
  const [status, setStatus] = useState<HdState>({ state: ordered, hd: null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/visualizations/${encodeURIComponent(visualizationId)}/hd`;
  const waiting = status.state === "queued" || status.state === "running";
  // Made before the page loaded: its image is asked for at once.
  const madeUnseen = status.state === "ready" && !status.hd;

  const read = useCallback(async () => {
    const answer = await apiFetch<HdState>("GET", url);
    if (!answer.ok) return;
    setStatus(answer.body);
    // A failed copy gave its token back: the balances on the page and in the header follow.
    if (answer.body.state === "failed") void reloadPersonData();
  }, [url]);
  // Bumped by a new order: the batch's stream, ended with an earlier order, is listened to again.
  const [follow, setFollow] = useState(0);
  useBatchHdEvents({ batchId, visualizationId, active: waiting, follow, onHd: () => void read(), onEnd: () => void read() });

  useEffect(() => {
    if (!madeUnseen) return;
    const timer = setTimeout(() => void read(), 0);
    return () => clearTimeout(timer);
  }, [madeUnseen, read]);

  async function order() {
    setBusy(true);
    setError(null);
    const answer = await apiFetch<{ state: HdState["state"] }>("POST", url, {});
    setBusy(false);
    if (!answer.ok) return setError(serverMessage(answer) ?? t("hdFailed"));
    // The order took a token (or none, ordered again): the balances on the page and in the header follow.
    void reloadPersonData();
    if (answer.body.state === "ready") return read();
    setFollow((n) => n + 1);
    setStatus((s) => ({ ...s, state: answer.body.state }));
  }

  return (
    <div className="w-full space-y-1 text-sm">
      {status.hd ? (
        <Button asChild size="sm" variant="outline" color="gray" leadingIcon={<Download />}>
          <a href={`${status.hd.url}?download&name=${encodeURIComponent(`${fileName} 4K`)}`} download aria-label={t("hdDownloadNamed", { style: styleName })}>
            {t("hdDownload")}
          </a>
        </Button>
      ) : waiting || madeUnseen ? (
        <p role="status" className="text-gray-700 dark:text-gray-300">
          {t("hdWorking")}
        </p>
      ) : (
        <Button size="sm" variant="outline" loading={busy} aria-label={t("hdNamed", { style: styleName })} onClick={() => void order()}>
          {t("hd")}
        </Button>
      )}
      {status.state === "failed" && !status.hd && <p role="alert" className="text-red-700 dark:text-red-400">{t("hdFailed")}</p>}
      {error && <p role="alert" className="text-red-700 dark:text-red-400">{error}</p>}
      {status.hd && status.plain && <p className="text-xs text-gray-700 dark:text-gray-300">{t("hdPlain")}</p>}
      {status.hd && <p role="status" className="sr-only">{t("hdReady", { style: styleName })}</p>}
    </div>
  );
}
