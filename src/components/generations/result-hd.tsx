"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { apiFetch, serverMessage } from "@/web/client/api-fetch";
import type { ImageDto } from "@/schemas/generation";

type HdState = { state: "ready" | "queued" | "running" | "failed" | null; hd: ImageDto | null; plain?: boolean };

/** How often the page asks whether an ordered 4K copy is ready (a plain resampling takes a second or two, an upscaler longer). */
const POLL_MS = 2000;

/**
 * A result's 4K copy: ordered for one token (ordering again costs nothing), made by the HD worker; the page asks
 * until it is ready, then offers its download. A failed copy gives the token back and may be ordered again.
 * `ordered` is where an earlier order stands (the result's hdState as the page loaded it): a page opened later
 * says it is being made, or asks for the made copy and offers its download, instead of offering to order again.
 */
export function ResultHd({ visualizationId, fileName, styleName, ordered = null }: { visualizationId: string; fileName: string; styleName: string; ordered?: HdState["state"] }) {
  const t = useTranslations("generation");
  const [status, setStatus] = useState<HdState>({ state: ordered, hd: null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const url = `/api/visualizations/${encodeURIComponent(visualizationId)}/hd`;
  const waiting = status.state === "queued" || status.state === "running";
  // Made before the page loaded: its image is asked for at once, once; a lost answer is asked again in a while.
  const madeUnseen = status.state === "ready" && !status.hd;
  const firstAsk = useRef(true);

  useEffect(() => {
    if (!waiting && !madeUnseen) return;
    const delay = madeUnseen && firstAsk.current ? 0 : POLL_MS;
    firstAsk.current = false;
    const timer = setTimeout(async () => {
      const answer = await apiFetch<HdState>("GET", url);
      if (answer.ok) setStatus(answer.body);
      // A lost answer: ask again on the next round.
      else setStatus((s) => ({ ...s }));
    }, delay);
    return () => clearTimeout(timer);
  }, [waiting, madeUnseen, status, url]);

  async function order() {
    setBusy(true);
    setError(null);
    const answer = await apiFetch<{ state: HdState["state"] }>("POST", url, {});
    setBusy(false);
    if (!answer.ok) return setError(serverMessage(answer) ?? t("hdFailed"));
    if (answer.body.state === "ready") {
      const now = await apiFetch<HdState>("GET", url);
      if (now.ok) return setStatus(now.body);
    }
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
