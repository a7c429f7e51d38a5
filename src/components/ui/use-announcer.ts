"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Text for a polite live region. Messages that arrive close together (eight styles finishing within a
 * second) are read as one text instead of eight interruptions, each a sentence ending in its full stop.
 */
export function useAnnouncer(delayMs = 1000): [string, (message: string) => void] {
  const [text, setText] = useState("");
  const pending = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const announce = useCallback(
    (message: string) => {
      pending.current.push(message);
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        setText(pending.current.map((message) => (/[.!?…]$/.test(message) ? message : `${message}.`)).join(" "));
        pending.current = [];
      }, delayMs);
    },
    [delayMs],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return [text, announce];
}
