import "server-only";
import { isModerator } from "@/server/comments/is-moderator";

/** Whether the signed-in account may moderate comments (the header shows it the way to the queue). */
export function isModeratorAccount(account: { email: string | null; emailVerified: boolean }): boolean {
  return account.email !== null && isModerator({ email: account.email, emailVerified: account.emailVerified });
}
