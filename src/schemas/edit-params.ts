import { z } from "zod";
import {
  creativityLevels,
  declutterScopes,
  DEFAULT_CREATIVITY,
  INSTRUCTION_MAX_CHARS,
  KEEP_LIST_MAX_CHARS,
  REPLACE_TEXT_MAX_CHARS,
} from "@/config/edit-modes";
import { findFloorMaterial } from "@/config/floor-materials";

/** A paint colour as the person gives it: #RRGGBB (stored upper case). */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, "badColor")
  .transform((value) => `#${value.replace("#", "").toUpperCase()}`);

/** The person's words: trimmed, control characters dropped, empty as absent; `tooLong` names the field's message. */
const words = (max: number, tooLong: string) =>
  z
    .string()
    .transform((value) => value.replace(/[\p{Cc}\p{Cf}]+/gu, " ").trim())
    .pipe(z.string().max(max, tooLong))
    .transform((value) => (value ? value : undefined))
    .optional();

/**
 * What a batch was asked besides its mode, stored with it (batch.params) and read by the worker. Each mode reads
 * only its own fields; the request schema (src/schemas/generation.ts) says which are required.
 */
export const editParamsSchema = z.object({
  creativity: z.enum(creativityLevels).default(DEFAULT_CREATIVITY),
  instruction: words(INSTRUCTION_MAX_CHARS, "instructionTooLong"),
  /** declutter */
  scope: z.enum(declutterScopes).optional(),
  keep: words(KEEP_LIST_MAX_CHARS, "keepTooLong"),
  /** replace */
  text: words(REPLACE_TEXT_MAX_CHARS, "textTooLong"),
  /** paint */
  color: hexColorSchema.optional(),
  /** material (an id of src/config/floor-materials.ts) */
  material: z
    .string()
    .refine((id) => findFloorMaterial(id) !== undefined, "unknownMaterial")
    .optional(),
});
export type EditParams = z.output<typeof editParamsSchema>;
export type EditParamsInput = z.input<typeof editParamsSchema>;
