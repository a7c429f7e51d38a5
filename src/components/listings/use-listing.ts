"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getJson } from "@/web/client/api-fetch";
import type { BatchEvent } from "@/schemas/generation";
import type { ListingDto } from "@/schemas/listings";
import { applyListingEvent, batchesToFollow, hdBatches } from "./listing-events";
import { useFollowedBatches } from "./use-followed-batches";

/**
 * Events that arrive within this time are shown together, in one render: a result is on screen at most this
 * late (polling showed it up to 2 s late), and 24 results arriving render the page 30 times, not 60
 * (decision record 0050).
 */
const EVENTS_TOGETHER_MS = 500;

export const listingKey = (id: string) => ["listing", id] as const;

/**
 * One listing in the page's query cache, starting from the server's render: its batches' events change it as
 * they arrive (an HD copy's end among them: nothing polls), the end of a batch's stream (or its refusal, after a
 * server restart) reads it once more, and `refresh` reads it after the page changed it. Resolves with the listing read, or null when it could not be.
 */
export function useListing(initial: ListingDto) {
  const queryClient = useQueryClient();
  const key = useMemo(() => listingKey(initial.id), [initial.id]);
  const url = `/api/listings/${encodeURIComponent(initial.id)}`;
  const { data: listing, refetch } = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await getJson<{ listing: ListingDto }>(url, signal)).listing,
    initialData: initial,
  });

  const refresh = useCallback(async (): Promise<ListingDto | null> => {
    const read = await refetch();
    return read.status === "success" ? read.data : null;
  }, [refetch]);

  const pending = useRef<BatchEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = useCallback(() => {
    timer.current = null;
    const events = pending.current;
    pending.current = [];
    const before = queryClient.getQueryData<ListingDto>(key);
    if (!before) return;
    let next = before;
    let reload = false;
    for (const event of events) {
      const applied = applyListingEvent(next, event);
      if (applied === "reload") reload = true;
      else next = applied;
    }
    if (next !== before) queryClient.setQueryData(key, next);
    if (reload) void refresh();
  }, [queryClient, key, refresh]);
  const onEvent = useCallback(
    (event: BatchEvent) => {
      pending.current.push(event);
      timer.current ??= setTimeout(flush, EVENTS_TOGETHER_MS);
    },
    [flush],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  // The batch's last events are shown before the listing is read again, never over the fresher answer.
  const onEnd = useCallback(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      flush();
    }
    void refresh();
  }, [flush, refresh]);
  const { again } = useFollowedBatches(batchesToFollow(listing), onEvent, onEnd);
  // An HD copy ordered (here, or in another tab) is followed over its result's batch, even one whose stream had ended.
  const hdKey = hdBatches(listing).join(" ");
  const hdFollowed = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(hdKey ? hdKey.split(" ") : []);
    for (const id of now) if (!hdFollowed.current.has(id)) again(id);
    hdFollowed.current = now;
  }, [hdKey, again]);

  /** The batch of a result the listing shows. */
  const batchOf = useCallback(
    (visualizationId: string) =>
      queryClient
        .getQueryData<ListingDto>(key)
        ?.photos.flatMap((p) => p.results)
        .find((r) => r.visualizationId === visualizationId)?.batchId ?? null,
    [queryClient, key],
  );

  return { listing, refresh, followAgain: again, batchOf };
}
