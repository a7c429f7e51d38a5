import "server-only";
import type { Locale } from "@/config/routes";
import { AppError } from "@/server/errors";

export { commentRules } from "@/config/comments";

/** One thread per article and language, stable when the slug changes: `pl:style-wnetrz`. */
export function threadKey(post: { locale: Locale; translationKey: string }): string {
  return `${post.locale}:${post.translationKey}`;
}

/** C0 and C1 control characters but the line feed and the tab (NUL among them, which PostgreSQL refuses in text). */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/**
 * Bidirectional embeddings, overrides and isolates: they make a text show in another order than it was
 * written (a reversed address, a link text that reads as another). The plain marks (LRM, RLM) stay.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** Nothing a reader would see: spaces of every kind, format characters (zero-width spaces, BOM, soft hyphen) and blank fillers. */
const INVISIBLE = /^[\s\p{Cf}\u115f\u1160\u2800\u3164\uffa0]*$/u;

/**
 * The text as stored: line ends as \n (a textarea sends \r\n, which would count twice), without control
 * characters and direction overrides, trimmed; a text of invisible characters only is empty. Throws
 * INVALID_INPUT with reason `empty` or `tooLong` (and the limit).
 */
export function normalizeText(raw: unknown, max: number, options: { required: boolean }): string {
  const cleaned = (typeof raw === "string" ? raw : "").replace(/\r\n?/g, "\n").replace(CONTROLS, "").replace(BIDI_CONTROLS, "").trim();
  const text = INVISIBLE.test(cleaned) ? "" : cleaned;
  if (options.required && text === "") throw new AppError("INVALID_INPUT", { reason: "empty" });
  if (Array.from(text).length > max) throw new AppError("INVALID_INPUT", { reason: "tooLong", max });
  return text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A comment id from a form: anything that is not a UUID (which PostgreSQL would refuse with an error) is no comment. */
export function commentIdOrThrow(value: unknown): string {
  if (typeof value !== "string" || !UUID.test(value)) throw new AppError("NOT_FOUND", { reason: "comment" });
  return value;
}
