import "server-only";
import { eq } from "drizzle-orm";
import { getAuth } from "./auth";
import { getDb } from "@/server/db/client";
import { user } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getBalance } from "@/server/tokens/get-balance";
import { applyLedgerEntry } from "@/server/tokens/apply-ledger-entry";
import { markWelcomeShown } from "@/server/accounts/mark-welcome-shown";

/**
 * For the end-to-end tests (E2E_SIGN_IN=true): a confirmed account signed in the way a person's would be,
 * through the auth library's own sign-up and sign-in (so its hooks grant the free tokens and make the
 * profile), with the confirmation e-mail skipped and the balance set to `tokens` by an adjustment. Returns
 * the sign-in's Set-Cookie headers.
 */
export async function createTestAccount(options: {
  email: string;
  password: string;
  tokens?: number;
  /** false: the welcome modal has been seen already (as after the sign-up journey). */
  showWelcome?: boolean;
  locale?: "pl" | "en";
}): Promise<{ userId: string; balance: number; setCookie: string[] }> {
  const auth = await getAuth();
  const db = await getDb();
  const callbackURL = options.locale === "en" ? "/en/design" : "/design";
  await auth.api.signUpEmail({ body: { email: options.email, password: options.password, name: options.email.split("@")[0]!, callbackURL } });
  const [created] = await db.update(user).set({ emailVerified: true }).where(eq(user.email, options.email.toLowerCase())).returning({ id: user.id });
  if (!created) throw new AppError("CONFLICT", { email: options.email });

  const signIn = await auth.api.signInEmail({ body: { email: options.email, password: options.password }, asResponse: true });
  if (!signIn.ok) throw new Error(`test sign-in of ${options.email}: ${signIn.status} ${await signIn.text()}`);

  let balance = await getBalance({ userId: created.id });
  if (options.tokens !== undefined && options.tokens !== balance) {
    ({ balance } = await applyLedgerEntry(db, { userId: created.id, kind: "adjustment", amount: options.tokens - balance, idempotencyKey: `test-account:${created.id}`, reference: "e2e" }));
  }
  if (!options.showWelcome) await markWelcomeShown({ userId: created.id });
  return { userId: created.id, balance, setCookie: signIn.headers.getSetCookie() };
}
