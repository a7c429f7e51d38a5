import "server-only";
import { env } from "@/env";

/** A comment moderator: a confirmed account whose address is in ADMIN_EMAILS. */
export function isModerator(user: { email: string; emailVerified: boolean } | null): boolean {
  return user !== null && user.emailVerified && env().ADMIN_EMAILS.includes(user.email.toLowerCase());
}
