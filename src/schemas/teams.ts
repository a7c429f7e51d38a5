import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "@/config/tokens";

export const TEAM_NAME_MAX = 80;
/** A member's monthly cap can be set up to this many tokens (more than any plan gives a month). */
export const TEAM_CAP_MAX = 100_000;

const unprintable = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]+/gu;

/** The agency's name as people see it in the header switch. */
export const teamNameSchema = z
  .string("noTeamName")
  .transform((value) => value.replace(unprintable, " ").replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "noTeamName").max(TEAM_NAME_MAX, "teamNameTooLong").regex(/[\p{L}\p{N}]/u, "noTeamName"));

/** Roles an invitation or a change may give; ownership is handed over on its own. */
export const assignableRoles = ["admin", "agent"] as const;

export const inviteSchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email("badEmail")),
  role: z.enum(assignableRoles),
});

export const memberCapSchema = z.number().int().min(0).max(TEAM_CAP_MAX).nullable();
