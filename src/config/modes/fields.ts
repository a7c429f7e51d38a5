import { z } from "zod";

/** The person's words: trimmed, control characters dropped, empty as absent; `tooLong` names the field's message. */
export const words = (max: number, tooLong: string) =>
  z
    .string()
    .transform((value) => value.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim())
    .pipe(z.string().max(max, tooLong))
    .transform((value) => (value ? value : undefined))
    .optional();

/** A paint colour as the person gives it: #RRGGBB (stored upper case). */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, "badColor")
  .transform((value) => `#${value.replace("#", "").toUpperCase()}`);
