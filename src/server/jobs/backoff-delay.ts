import "server-only";

export type RetryPolicy = { maxAttempts: number; baseDelayMs: number; maxDelayMs: number };

/**
 * Delay before attempt `attempts + 1`: exponential (base · 2^(attempts-1), capped), half of it random
 * ("equal jitter") so that many jobs failing together do not return together; never earlier than the
 * provider's Retry-After.
 */
export function backoffDelay(options: { attempts: number; policy: RetryPolicy; retryAfterMs?: number; random?: () => number }): number {
  const random = options.random ?? Math.random;
  const exponential = Math.min(options.policy.maxDelayMs, options.policy.baseDelayMs * 2 ** Math.max(0, options.attempts - 1));
  const jittered = exponential / 2 + (random() * exponential) / 2;
  return Math.round(Math.max(jittered, options.retryAfterMs ?? 0));
}
