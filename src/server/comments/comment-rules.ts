import "server-only";
import type { Locale } from "@/config/routes";
import { AppError } from "@/server/errors";

export { commentRules } from "@/config/comments";

/** One thread per article and language, stable when the slug changes: `pl:style-wnetrz`. */
export function threadKey(post: { locale: Locale; translationKey: string }): string {
  return `${post.locale}:${post.translationKey}`;
}

/**
 * The text as stored: line ends as \n (a textarea sends \r\n, which would count twice), no NUL (PostgreSQL
 * refuses it in text), trimmed. Throws INVALID_INPUT with reason `empty` or `tooLong` (and the limit).
 */
export function normalizeText(raw: unknown, max: number, options: { required: boolean }): string {
  const text = (typeof raw === "string" ? raw : "").replace(/\r\n?/g, "\n").replace(/\0/g, "").trim();
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
