"use client";

import { useCallback, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { apiFetch, serverMessage, type Answer, type ApiMethod } from "@/web/client/api-fetch";
import type { ListingDto } from "@/schemas/listings";
import type { PageMessage } from "./message-lines";

/**
 * The listing's changes: each one a call of its API (`path` under /api/listings/<id>), marked busy by its key
 * while it runs, its refusal said in the page's message line, and the listing read again after it.
 */
export function useListingActions(listingId: string, refresh: () => Promise<ListingDto | null>) {
  const t = useTranslations("listings");
  const base = `/api/listings/${encodeURIComponent(listingId)}`;
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<PageMessage>(null);

  const fail = useCallback((text: string | null) => setMessage({ text: text ?? t("error"), error: true }), [t]);
  const call = useCallback(<T = unknown>(method: ApiMethod, path: string, body?: unknown) => apiFetch<T>(method, `${base}${path}`, body), [base]);

  const act = useCallback(
    async <T>(key: string, run: () => Promise<Answer<T>>): Promise<Answer<T>> => {
      setBusy(key);
      const answer = await run();
      setBusy(null);
      if (!answer.ok) fail(serverMessage(answer));
      await refresh();
      return answer;
    },
    [fail, refresh],
  );

  /** `act` for one call. */
  const send = useCallback((key: string, method: ApiMethod, path: string, body?: unknown) => act(key, () => call(method, path, body)), [act, call]);

  return useMemo(() => ({ base, busy, setBusy, message, setMessage, fail, call, act, send }), [base, busy, message, fail, call, act, send]);
}

export type ListingActions = ReturnType<typeof useListingActions>;
