"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { parseBatchEvent } from "@/components/generations/batch-state";
import type { BatchEvent } from "@/schemas/generation";

/**
 * At most this many streams at once: a browser keeps six connections to a host over HTTP/1.1, and the page's
 * own requests need some. The next batch's stream opens when one ends; it starts from the batch's first event.
 */
const MAX_STREAMS = 3;
/** A stream the server refused (not a dropped connection, which EventSource resumes itself) is tried again this late, this many times. */
const REOPEN_DELAY_MS = 5_000;
const MAX_REOPENS = 3;

/**
 * Follows batches over the same event stream as the design page (GET /api/batches/<id>/events): each event
 * goes to `onEvent`; `onEnd` hears once a batch's stream ended, by the server's "done" or by its refusal,
 * so the page reads the listing once instead of following further. An ended batch is not followed again,
 * unless `again(batchId)` (a remake joins it) or a refused stream's reopening says so.
 */
export function useFollowedBatches(batchIds: readonly string[], onEvent: (event: BatchEvent) => void, onEnd: (batchId: string) => void) {
  const [ended, setEnded] = useState<ReadonlySet<string>>(() => new Set());
  const handlers = useRef({ onEvent, onEnd });
  useEffect(() => {
    handlers.current = { onEvent, onEnd };
  }, [onEvent, onEnd]);
  /** The last event seen of each batch: a reopened stream resumes after it. */
  const lastSeq = useRef(new Map<string, number>());
  const refusals = useRef(new Map<string, number>());
  const open = useRef(new Map<string, EventSource>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const followed = batchIds.filter((id) => !ended.has(id)).slice(0, MAX_STREAMS);
  const key = followed.join(" ");

  useEffect(() => {
    const wanted = new Set(key ? key.split(" ") : []);
    for (const [id, source] of open.current) {
      if (wanted.has(id)) continue;
      source.close();
      open.current.delete(id);
    }
    const end = (id: string) => {
      open.current.get(id)?.close();
      open.current.delete(id);
      setEnded((set) => new Set(set).add(id));
      handlers.current.onEnd(id);
    };
    for (const id of wanted) {
      if (open.current.has(id)) continue;
      const after = lastSeq.current.get(id);
      const source = new EventSource(`/api/batches/${encodeURIComponent(id)}/events${after ? `?after=${after}` : ""}`);
      open.current.set(id, source);
      source.onmessage = (message: MessageEvent<string>) => {
        const event = parseBatchEvent(message.data);
        if (!event) return;
        lastSeq.current.set(id, Math.max(event.seq, lastSeq.current.get(id) ?? 0));
        handlers.current.onEvent(event);
      };
      source.addEventListener("done", () => end(id));
      source.onerror = () => {
        // CONNECTING: the browser reconnects by itself (a server restarting), resuming with Last-Event-ID.
        if (source.readyState !== EventSource.CLOSED) return;
        end(id);
        const refused = (refusals.current.get(id) ?? 0) + 1;
        refusals.current.set(id, refused);
        if (refused > MAX_REOPENS) return;
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setEnded((set) => withoutId(set, id));
        }, REOPEN_DELAY_MS);
        timers.current.add(timer);
      };
    }
  }, [key]);

  useEffect(() => {
    const sources = open.current;
    const pending = timers.current;
    return () => {
      for (const source of sources.values()) source.close();
      sources.clear();
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  /** Follows a batch again that had ended (a free remake joined it). */
  const again = useCallback((batchId: string) => setEnded((set) => withoutId(set, batchId)), []);
  return { again };
}

function withoutId(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  if (!set.has(id)) return set;
  const next = new Set(set);
  next.delete(id);
  return next;
}
