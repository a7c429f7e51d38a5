/**
 * Text for a log line with the secrets that addresses carry taken out: the path segment after
 * /reset-password/ (the auth library's reset link), after /p/ and /api/shares/ (a listing's client link:
 * whoever holds it sees the listing), and the values of query parameters that hold a token, a code or a
 * signature (e-mail confirmation, OAuth returns, the preview door), and anything shaped like an API key or a
 * webhook signing secret wherever it appears. Whoever reads the logs must not be able to reset a password, sign
 * in, call the API or open a client's listing with what they find there.
 */
// An escaped slash after the name (`/p%2F<token>`) routes nowhere, but must not bring the token into the log either.
const PATH_TOKEN = /(\/(?:reset-password|p|shares)(?:\/|%2f))[^/?#\s"'\\]+/gi;
const QUERY_TOKEN = /([?&](?:token|code|state|otp|signature|secret|password|key)=)[^&#\s"'\\]+/gi;
const API_SECRET = /\b(az_(?:live|test)_|whsec_)[A-Za-z0-9_-]{8,}/g;
export const REDACTED = "[redacted]";

export function redactSecrets(text: string): string {
  return text.replace(PATH_TOKEN, `$1${REDACTED}`).replace(QUERY_TOKEN, `$1${REDACTED}`).replace(API_SECRET, `$1${REDACTED}`);
}

/**
 * Whether an address (path and query) carries a secret, by the same rule as the log's redaction: a client link,
 * a password-reset token, a token-like query value. Such pages load no third-party script whatever the consent.
 */
export function carriesSecret(address: string): boolean {
  return [PATH_TOKEN, QUERY_TOKEN].some((pattern) => new RegExp(pattern.source, "i").test(address));
}
