import "server-only";
import { createHash } from "node:crypto";
import { env } from "@/env";

/**
 * The per-account limit on password sign-ins, whatever the client address: a few free failures, then a
 * pause that doubles with each further failure up to an hour; a day without failures forgets them.
 * The owner is never locked out: a reset link by e-mail (which also clears the count) and Google still work.
 */
export const signInBackoff = {
  freeFailures: 5,
  firstPauseMs: 60_000,
  longestPauseMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

/** Failures allowed before the first pause; the end-to-end tests widen it with RATE_LIMIT_MULTIPLIER like every limit. */
export function freeFailures(): number {
  return Math.ceil(signInBackoff.freeFailures * env().RATE_LIMIT_MULTIPLIER);
}

/** How long sign-in waits after the given number of failures (0 while some are still free). */
export function pauseAfter(failures: number): number {
  const over = failures - freeFailures();
  if (over < 0) return 0;
  return Math.min(signInBackoff.firstPauseMs * 2 ** over, signInBackoff.longestPauseMs);
}

/**
 * Rows in the auth library's `rate_limit` table, under our own prefix. The address is hashed so the table
 * holds no addresses and keys have one length. `last_request` holds the moment the row may be forgotten
 * (not the last attempt): the library prunes rows whose `last_request` is older than its longest window
 * (ten minutes), which would otherwise end an hour's pause early.
 */
export function signInKeys(email: string): { failures: string; warned: string } {
  const hash = createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return { failures: `app:sign-in-failures:${hash}`, warned: `app:sign-in-warned:${hash}` };
}
