import "server-only";
import { createTranslator } from "next-intl";
import Negotiator from "negotiator";
import { locales, type Locale } from "@/config/routes";
import { catalogs } from "@/i18n/catalogs";
import { errorStatus, isAppError, type ErrorCode } from "@/server/errors";
import { imageRejections, type ImageRejection } from "@/schemas/generation";
import { log } from "@/server/log";

/** The reasons a domain error may name that have a sentence of their own (`errors.reasons` in messages/*.json). */
type ErrorReason = keyof (typeof catalogs)["pl"]["errors"]["reasons"];

/** What a person and a client see of a failure: the code, its HTTP status, the details and a translated sentence. */
export type ErrorAnswer = {
  code: ErrorCode | "INTERNAL";
  status: number;
  details: Record<string, string | number>;
  message: string;
};

/**
 * A form's own sentences in place of the general ones: `keys` maps a code, or `CODE:reason` (checked first),
 * to a key under `<namespace>.errors`. A RATE_LIMITED answer's `minutes` are its retryAfter rounded up.
 */
export type Wording = { namespace: "comments" | "moderation" | "verify"; keys: Readonly<Record<string, string>> };

/**
 * The one mapping from a thrown error to an answer, for route handlers and server actions alike. A domain
 * error (AppError) keeps its code and status; its message is `errors.reasons.<details.reason>` when the
 * domain named a reason that has one (an upload's `upload.errors.<reason>`), else `errors.<code>`, filled
 * with the details. Anything else is a fault of ours: logged with `context`, answered as INTERNAL (500) with
 * the generic sentence, never with its own message (it may hold internals). With `wording`, a form's own
 * sentence replaces the general one where the wording names the code.
 */
export function errorAnswer(error: unknown, options: { locale: Locale; context: string; wording?: Wording }): ErrorAnswer {
  const t = createTranslator({ locale: options.locale, messages: catalogs[options.locale], namespace: "errors" });
  if (!isAppError(error)) {
    log.error(`${options.context}.unexpected`, { error });
    return { code: "INTERNAL", status: 500, details: {}, message: t("generic") };
  }
  const message = (options.wording && wordedMessage(options.wording, error.code, error.details, options.locale)) ?? messageOf(error.code, error.details, options.locale);
  return { code: error.code, status: errorStatus[error.code], details: error.details, message };
}

function wordedMessage(wording: Wording, code: ErrorCode, details: Record<string, string | number>, locale: Locale): string | null {
  const key = (typeof details.reason === "string" ? wording.keys[`${code}:${details.reason}`] : undefined) ?? wording.keys[code];
  if (!key) return null;
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: wording.namespace });
  const values = code === "RATE_LIMITED" ? { ...details, minutes: Math.ceil(Number(details.retryAfter ?? 60) / 60) } : details;
  return t(`errors.${key}` as never, values as never);
}

function messageOf(code: ErrorCode, details: Record<string, string | number>, locale: Locale): string {
  const messages = catalogs[locale];
  const reason = typeof details.reason === "string" ? details.reason : null;
  if (code === "INVALID_IMAGE" && reason && (imageRejections as readonly string[]).includes(reason)) {
    return createTranslator({ locale, messages, namespace: "upload.errors" })(reason as ImageRejection);
  }
  const t = createTranslator({ locale, messages, namespace: "errors" });
  if (reason && Object.hasOwn(messages.errors.reasons, reason)) return t(`reasons.${reason as ErrorReason}`, inWords(details, locale));
  return t(code, details);
}

/** An engine named by id in the details (for API clients) is named in words in the sentence. */
function inWords(details: Record<string, string | number>, locale: Locale): Record<string, string | number> {
  const engines: Record<string, string> = catalogs[locale].verify.engineNames;
  return typeof details.engine === "string" && Object.hasOwn(engines, details.engine) ? { ...details, engine: engines[details.engine]! } : details;
}

/**
 * The locale of an API call: the page it came from (same-origin requests send their full Referer); without one
 * (a browser set to send none), the language last chosen on the site (next-intl's NEXT_LOCALE cookie), then the
 * browser's preferred one of ours (Accept-Language); else Polish.
 */
export function requestLocale(request: Request): Locale {
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      return /^\/en(?:\/|$)/.test(new URL(referer).pathname) ? "en" : "pl";
    } catch {
      return "pl";
    }
  }
  const chosen = /(?:^|;\s*)NEXT_LOCALE=(pl|en)(?:;|$)/.exec(request.headers.get("cookie") ?? "")?.[1];
  if (chosen) return chosen as Locale;
  return preferredLocale(request.headers.get("accept-language"));
}

/** The first of our languages in an Accept-Language header, by its weight ("de,en-GB;q=0.9,pl;q=0.8" is English). */
export function preferredLocale(header: string | null): Locale {
  return (new Negotiator({ headers: { "accept-language": header ?? "" } }).language([...locales]) as Locale | undefined) ?? "pl";
}

/**
 * A route handler's error: `{ error: { code, details, message } }` with the code's status; a 429 or 503 says when
 * to come back. With `wording`, the route's own sentences where it names the code (as for actions).
 */
export function errorResponse(error: unknown, request: Request, context = "api", wording?: Wording): Response {
  const answer = errorAnswer(error, { locale: requestLocale(request), context, wording });
  const headers: Record<string, string> = { "cache-control": "no-store" };
  // RFC 9110 Retry-After, as the auth library's own 429s send it.
  if (answer.code === "RATE_LIMITED" || answer.code === "BUSY") headers["Retry-After"] = String(answer.details.retryAfter ?? 60);
  const { code, details, message } = answer;
  return Response.json({ error: { code, details, message } }, { status: answer.status, headers });
}
