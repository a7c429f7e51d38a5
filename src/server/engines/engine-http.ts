import "server-only";
import { EngineError } from "./engine";

/** Milliseconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A provider's HTTP error as the pipeline's decision (decision record 0005): throttling, conflicts and server
 * errors are retried, not before Retry-After; 401, 402, 403 and 404 mean our key, credit or model name is
 * wrong, which neither a retry nor another photo mends; any other 4xx refuses the input.
 */
export function failureFromStatus(provider: string, status: number, detail: string, retryAfterMs?: number): EngineError {
  const message = `${provider} answered ${status}: ${detail.slice(0, 300)}`;
  if (status === 408 || status === 409 || status === 425 || status === 429 || status >= 500) return new EngineError("transient", message, retryAfterMs);
  if (status === 401 || status === 402 || status === 403 || status === 404) return new EngineError("failed", message);
  return new EngineError("refused", message);
}

/**
 * Whatever else a provider call threw: the job's own abort is passed on as it is (the worker decides what it
 * means), an EngineError stands, and the rest (refused or reset connections, our request timeouts) is worth
 * a retry.
 */
export function failureFromError(provider: string, error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (error instanceof EngineError) return error;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return new EngineError("transient", `${provider} unreachable: ${error instanceof Error ? error.message : String(error)}${cause}`);
}

/**
 * For a request that must finish even when its job is given up: one that makes something at the provider
 * (a prediction, a queued prompt), whose id is needed to cancel it. Its own timeout still applies.
 */
export const UNTIL_ANSWERED: AbortSignal = new AbortController().signal;

/** The job's signal, also aborted after `ms`: one request must not use up the whole job's time. */
export function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)]);
}
