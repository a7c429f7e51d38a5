import "server-only";
import { AppError } from "@/server/errors";
import { deleteAccount } from "./delete-account";
import { getAccountSummary } from "./get-account-summary";

/** How the adapter checked a password: through the auth library's rate-limited endpoint. */
export type PasswordVerdict = "ok" | "wrong" | "rateLimited";

/**
 * A person deletes their own account. An account with a password must give it again (a session left open
 * on a shared computer must not be enough); accounts that only sign in with Google have none to give.
 * `verifyPassword` is the adapter's: only requests through the auth library's handler pass its rate
 * limiter, so a stolen session cannot guess the password here.
 */
export async function deleteOwnAccount(input: {
  userId: string;
  password: string;
  verifyPassword: (password: string) => Promise<PasswordVerdict>;
}): Promise<void> {
  const summary = await getAccountSummary({ userId: input.userId });
  if (!summary) throw new AppError("NOT_FOUND");
  if (summary.hasPassword) {
    const verdict = input.password ? await input.verifyPassword(input.password) : "wrong";
    if (verdict === "rateLimited") throw new AppError("RATE_LIMITED", { retryAfter: 60 });
    if (verdict === "wrong") throw new AppError("FORBIDDEN", { reason: "wrongPassword" });
  }
  await deleteAccount({ userId: input.userId });
}
