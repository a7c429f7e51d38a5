import { z } from "zod";
import { creativityLevels, DEFAULT_CREATIVITY, INSTRUCTION_MAX_CHARS, modeOf, modes, roomFits, type EditMode } from "@/config/edit-modes";
import { words } from "@/config/modes/fields";

export { hexColorSchema } from "@/config/modes/fields";

/** Every mode's own parameters (src/config/modes/), each optional here: the mode's `required` says which it needs. */
const modeFields = Object.assign({}, ...Object.values(modes).map((mode) => mode.params)) as UnionToIntersection<(typeof modes)[EditMode]["params"]>;
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/**
 * What a batch was asked besides its mode, stored with it (batch.params) and read by the worker. Each mode reads
 * only its own fields; `requestIssues` says which are missing.
 */
export const editParamsSchema = z.object({
  creativity: z.enum(creativityLevels).default(DEFAULT_CREATIVITY),
  instruction: words(INSTRUCTION_MAX_CHARS, "instructionTooLong"),
  ...(Object.fromEntries(Object.entries(modeFields).map(([key, schema]) => [key, (schema as z.ZodType).optional()])) as { [K in keyof typeof modeFields]: z.ZodOptional<(typeof modeFields)[K]> }),
});
export type EditParams = z.output<typeof editParamsSchema>;
export type EditParamsInput = z.input<typeof editParamsSchema>;

/**
 * What a request in this mode lacks or has too much of, as (path, message) pairs: styles in the styled modes
 * only, the mask where the mode needs one, the mode's required parameters.
 */
export function modeIssues(request: { mode: EditMode; roomType?: string; styles: readonly string[]; params: Record<string, unknown>; maskImageId?: string }): { path: string; message: string }[] {
  const mode = modeOf(request.mode);
  const issues: { path: string; message: string }[] = [];
  if (request.roomType !== undefined && !roomFits(request.mode, request.roomType)) issues.push({ path: "roomType", message: "roomNotInMode" });
  if (mode.styles && request.styles.some((style) => !Object.hasOwn(mode.styles!, style))) issues.push({ path: "styles", message: "unknownStyle" });
  if (mode.styled && request.styles.length === 0) issues.push({ path: "styles", message: "noStyles" });
  if (!mode.styled && request.styles.length > 0) issues.push({ path: "styles", message: "stylesNotInMode" });
  if (mode.mask === "required" && !request.maskImageId) issues.push({ path: "maskImageId", message: "noMask" });
  for (const [field, message] of Object.entries(mode.required ?? {})) {
    if (request.params[field] === undefined) issues.push({ path: "params", message });
  }
  return issues;
}
