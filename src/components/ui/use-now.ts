"use client";

import { useEffect, useState } from "react";

/**
 * The current time, refreshed every `intervalMs`. It starts from the server's `initial` so the first
 * client render matches the server's HTML (a "42 minutes" that turned into "41" would be a hydration
 * mismatch), then switches to the device clock.
 */
export function useNow(initial: number, intervalMs = 60_000): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}

/**
 * Whole minutes left until `expiresAt`, at least 1 while any time is left (20 s is "1 minute"); 0 once it has
 * passed. Whole minutes gone by are not counted: the clock ticks once a minute, so a result made up to a
 * minute after its last tick would read "61 minutes" of its hour if rounded up or to the nearest.
 */
export function minutesLeft(expiresAt: string, now: number): number {
  const ms = Date.parse(expiresAt) - now;
  return ms > 0 ? Math.max(1, Math.floor(ms / 60_000)) : 0;
}
