"use client";

import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Text for a polite live region. Messages that arrive close together (eight styles finishing within a
 * second) are read as one text instead of eight interruptions, each a sentence ending in its full stop. A
 * message with a `topic` replaces one of the same topic still waiting (uploads that failed at once are not
 * said to be under way in the same breath).
 */
export function useAnnouncer(delayMs = 1000): [string, (message: string, topic?: string) => void] {
  const [text, setText] = useState("");
  const pending = useRef<{ message: string; topic?: string }[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const announce = useCallback(
    (message: string, topic?: string) => {
      if (topic) pending.current = pending.current.filter((waiting) => waiting.topic !== topic);
      pending.current.push({ message, topic });
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        setText(pending.current.map(({ message }) => (/[.!?…]$/.test(message) ? message : `${message}.`)).join(" "));
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
