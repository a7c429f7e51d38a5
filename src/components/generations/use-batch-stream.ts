"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { BatchDto, BatchEvent, VisualizationDto } from "@/schemas/generation";
import { getJson } from "@/web/client/api-fetch";
import { addRemakeTo, applyBatchEvent, finalEventsBetween, isBatchSettled, isFinal, liveBatch, mergeSnapshot, parseBatchEvent, type LiveBatch } from "./batch-state";

/** How often the page tries again after the stream was refused (not a dropped connection: EventSource retries those itself). */
const REOPEN_DELAY_MS = 5_000;
const MAX_REOPENS = 5;
/**
 * The server says "done" once it stops waiting for structure checks; a check still comes later when the worker
 * that owed it was down meanwhile (another takes it over): the page asks again this often, MAX_REOPENS times.
 */
const CHECKS_AGAIN_MS = 10_000;
/** How long the browser may try to reconnect on its own before the page says the connection is down. */
const RECONNECTING_NOTICE_MS = 3_000;

/**
 * Follows one batch: its state starts from the server's snapshot and takes each server-sent event as it
 * arrives. The stream is open only while something is still queued or running, and closed on unmount.
 * `onFinal` is told of each visualization that becomes final through an event (not those the snapshot
 * already had), and `onFlagged` of each result whose structure check flags it, so the page can announce them.
 */
export function useBatchStream(
  initial: BatchDto,
  onFinal: (event: Extract<BatchEvent, { type: "succeeded" | "failed" }>, batch: LiveBatch) => void,
  onFlagged?: (event: Extract<BatchEvent, { type: "scored" }>, batch: LiveBatch) => void,
) {
  const [batch, setBatch] = useState(() => liveBatch(initial));
  const [lost, setLost] = useState(false);
  // The connection dropped and the browser is trying again (a server restarting): said, so nobody thinks it hangs.
  const [reconnecting, setReconnecting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Events are applied against the latest state synchronously, so a burst of them is never applied to a stale copy.
  const current = useRef(batch);
  const notify = useRef(onFinal);
  const notifyFlagged = useRef(onFlagged);
  useEffect(() => {
    notify.current = onFinal;
    notifyFlagged.current = onFlagged;
  }, [onFinal, onFlagged]);

  // The server's "done" also ends it: a result whose structure check never came is not waited for forever.
  const [ended, setEnded] = useState(false);
  const done = ended || isBatchSettled(batch);
  const id = batch.id;

  useEffect(() => {
    if (done) return;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let reconnectNotice: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connected = () => {
      clearTimeout(reconnectNotice);
      reconnectNotice = undefined;
      setReconnecting(false);
    };
    const commit = (next: LiveBatch) => {
      current.current = next;
      setBatch(next);
    };

    // A stream reopened by the page (not by the browser) says where to resume; the browser's own reconnects send Last-Event-ID.
    const after = current.current.lastSeq > 0 ? `?after=${current.current.lastSeq}` : "";
    const source = new EventSource(`/api/batches/${encodeURIComponent(id)}/events${after}`);
    source.onopen = connected;
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseBatchEvent(message.data);
      if (!event) return;
      const before = current.current;
      const next = applyBatchEvent(before, event);
      if (next === before) return;
      commit(next);
      setLost(false);
      const was = before.visualizations.find((v) => v.id === event.visualizationId);
      if ((event.type === "succeeded" || event.type === "failed") && was && !isFinal(was.status)) notify.current(event, next);
      if (event.type === "scored" && event.flagged && was?.structureScore === null) notifyFlagged.current?.(event, next);
    };
    source.addEventListener("done", () => {
      source.close();
      const unscored = current.current.visualizations.some((v) => v.status === "succeeded" && v.structureScore === null);
      if (unscored && attempt < MAX_REOPENS) {
        reopen = setTimeout(() => setAttempt((n) => n + 1), CHECKS_AGAIN_MS);
        return;
      }
      setEnded(true);
    });
    source.onerror = () => {
      // CONNECTING: the browser reconnects by itself, sending Last-Event-ID. CLOSED: the server refused the
      // stream (an error status); read the batch once instead and try the stream again a little later.
      if (stopped) return;
      if (source.readyState !== EventSource.CLOSED) {
        reconnectNotice ??= setTimeout(() => setReconnecting(true), RECONNECTING_NOTICE_MS);
        return;
      }
      connected();
      void getJson<{ batch: BatchDto }>(`/api/batches/${encodeURIComponent(id)}`)
        .then(({ batch: snapshot }) => {
          if (stopped) return;
          const before = current.current;
          const next = mergeSnapshot(before, snapshot);
          commit(next);
          for (const event of finalEventsBetween(before, next)) notify.current(event, next);
          if (!isBatchSettled(next)) scheduleReopen();
        })
        .catch(() => {
          if (!stopped) scheduleReopen();
        });
    };
    function scheduleReopen() {
      if (attempt >= MAX_REOPENS) {
        setLost(true);
        return;
      }
      reopen = setTimeout(() => setAttempt((n) => n + 1), REOPEN_DELAY_MS);
    }

    return () => {
      stopped = true;
      clearTimeout(reopen);
      clearTimeout(reconnectNotice);
      source.close();
    };
  }, [id, done, attempt]);

  /** A remake the page asked for: shown at once, before its events arrive (they are merged, not repeated). */
  const addRemake = useCallback((originalId: string, remake: VisualizationDto) => {
    const next = addRemakeTo(current.current, originalId, remake);
    current.current = next;
    setBatch(next);
    // Something new to hear about, even after the server had said it was done.
    setEnded(false);
  }, []);

  return { batch, lost, reconnecting: reconnecting && !done, following: !done && !lost, addRemake };
}
