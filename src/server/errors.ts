/**
 * The one error type domain functions throw on purpose. Its code maps to an HTTP status here and to a
 * translated message under `errors.<code>` in messages/*.json; details fill the message's placeholders.
 */
export const errorStatus = {
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INVALID_INPUT: 400,
  INSUFFICIENT_TOKENS: 402,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  /** An upload that is not an accepted image; details.reason is one of imageRejections. */
  INVALID_IMAGE: 422,
  /** An image or batch whose hour has passed. */
  GONE: 410,
  /** The server takes no more of this kind of work now (uploads in flight); details.retryAfter in seconds. */
  BUSY: 503,
  /** A method the route does not serve; details.method names it, and the answer's Allow says what it serves. */
  METHOD_NOT_ALLOWED: 405,
  /** A request body larger than the route reads; details.max in bytes. */
  PAYLOAD_TOO_LARGE: 413,
  /** An Idempotency-Key already used with another request (another path or body). */
  IDEMPOTENCY_KEY_REUSED: 422,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(error: unknown, code?: ErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
