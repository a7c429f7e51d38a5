import type { z } from "zod";
import { AppError } from "./errors";

/**
 * A refused request as INVALID_INPUT naming the first field that failed; a refusal the schema names itself
 * (`noStyles`, `listingNameTooLong`…, single words, where zod's own messages are sentences) is the reason,
 * with the limit as `max`, so the answer says what to change.
 */
export function invalidInput(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const details: Record<string, string | number> = { field: String(issue?.path[0] ?? "body") };
  if (issue && /^[a-zA-Z]+$/.test(issue.message)) details.reason = issue.message;
  if (issue?.code === "too_big") details.max = Number(issue.maximum);
  return new AppError("INVALID_INPUT", details);
}
