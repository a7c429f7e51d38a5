import "server-only";
import { eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { rateLimit, user } from "@/server/db/schema";
import { signInKeys } from "./sign-in-backoff";

/**
 * Forgets the failed sign-ins of an account: whenever its owner gets in (password, e-mail link, Google)
 * and after a password reset or change.
 */
export async function clearSignInFailures(options: ({ email: string } | { userId: string }) & { db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  let email = "email" in options ? options.email : null;
  if ("userId" in options) {
    const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, options.userId));
    email = owner?.email ?? null;
  }
  if (email === null) return;
  const keys = signInKeys(email);
  await db.delete(rateLimit).where(inArray(rateLimit.key, [keys.failures, keys.warned]));
}
