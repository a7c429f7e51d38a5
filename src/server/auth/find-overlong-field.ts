import "server-only";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@/config/tokens";
import { characterCount } from "@/schemas/auth";

export type OverlongField = "emailTooLong" | "nameTooLong";

/**
 * The first field of an auth request body past its limit (e-mail 254 characters, name 100), checked
 * before the auth library sees the body: an unbounded address would otherwise reach the database, the
 * e-mail and the logs.
 */
export function findOverlongField(body: unknown): OverlongField | null {
  if (!body || typeof body !== "object") return null;
  const fields = body as Record<string, unknown>;
  for (const key of ["email", "newEmail"]) {
    const value = fields[key];
    if (typeof value === "string" && value.trim().length > EMAIL_MAX_LENGTH) return "emailTooLong";
  }
  if (typeof fields.name === "string" && characterCount(fields.name) > NAME_MAX_LENGTH) return "nameTooLong";
  return null;
}
