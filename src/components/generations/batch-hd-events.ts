"use client";

import { useEffect, useRef } from "react";
import { parseBatchEvent } from "./batch-state";

type Listener = { onHd: (visualizationId: string) => void; onEnd: () => void };
type Stream = { source: EventSource; listeners: Set<Listener> };

/**
 * One event stream per batch for every 4K card of its results: a browser keeps six connections to a host over
 * HTTP/1.1, and eight cards each with a stream of their own would stall the page's other requests. The stream
 * closes when its last card stops listening, or when the server ends it ("done": no copy is being made any more)
 * or refuses it; each listening card then hears the end once.
 */
const streams = new Map<string, Stream>();

function listen(batchId: string, listener: Listener): () => void {
  let stream = streams.get(batchId);
  if (!stream) {
    const source = new EventSource(`/api/batches/${encodeURIComponent(batchId)}/events`);
    const opened: Stream = { source, listeners: new Set() };
    const end = () => {
      source.close();
      if (streams.get(batchId) === opened) streams.delete(batchId);
      for (const l of [...opened.listeners]) l.onEnd();
      opened.listeners.clear();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseBatchEvent(message.data);
      if (event?.type === "hd") for (const l of [...opened.listeners]) l.onHd(event.visualizationId);
    };
    source.addEventListener("done", end);
    source.onerror = () => {
      // CONNECTING: the browser reconnects by itself (a server restarting), resuming with Last-Event-ID.
      if (source.readyState === EventSource.CLOSED) end();
    };
    stream = opened;
    streams.set(batchId, stream);
  }
  const current = stream;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size === 0 && streams.get(batchId) === current) {
      current.source.close();
      streams.delete(batchId);
    }
  };
}

/**
 * While `active`, hears the "hd" events of `visualizationId` on its batch's stream (`onHd`) and the stream's end
 * (`onEnd`); `follow` is bumped to listen again after an end (a new order).
 */
export function useBatchHdEvents(options: { batchId: string; visualizationId: string; active: boolean; follow: number; onHd: () => void; onEnd: () => void }) {
  const { batchId, visualizationId, active, follow } = options;
  const handlers = useRef(options);
  useEffect(() => {
    handlers.current = options;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const stop = listen(batchId, {
      onHd: (id) => {
        if (id === visualizationId) handlers.current.onHd();
      },
      onEnd: () => {
        if (stopped) return;
        stopped = true;
        handlers.current.onEnd();
      },
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [batchId, visualizationId, active, follow]);
}
