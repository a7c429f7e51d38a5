import type { z } from "zod";
import { invalidInput } from "./invalid-input";

/**
 * `value` as `schema` reads it, or INVALID_INPUT naming the field (invalidInput). What the seams use (route
 * handlers' bodies, src/web/server/api-route.ts) and what callers outside a request use before they call the
 * domain, which takes requests already checked.
 */
export function parseInput<T>(schema: z.ZodType<T, unknown>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}
