import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { pauseAfter, signInBackoff, signInKeys } from "./sign-in-backoff";

export type SignInClaim = { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Asks whether a password sign-in to this address may go ahead, and counts it as a failure in advance
 * (a success clears the count), so parallel guesses from many addresses cannot all slip in before the
 * first failure is written. Refused attempts are not counted: they change nothing about the pause.
 */
export async function claimSignInAttempt(options: { email: string; db?: DbOrTx; now?: number }): Promise<SignInClaim> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? Date.now();
  const key = signInKeys(options.email).failures;
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 0, 0) on conflict (key) do nothing`);
    const [row] = await executeRows<{ count: number; last_request: string | number }>(
      tx,
      sql`select count, last_request from rate_limit where key = ${key} for update`,
    );
    const forgetAt = Number(row?.last_request ?? 0);
    const failures = forgetAt > now ? Number(row?.count ?? 0) : 0;
    const lastFailure = forgetAt - signInBackoff.forgetAfterMs;
    // Only a pause refuses: below the free failures there is none, however the claims' clocks interleave (a claim
    // that waited for the row's lock may read a later failure than its own `now`).
    const pause = pauseAfter(failures);
    const pausedUntil = lastFailure + pause;
    if (pause > 0 && pausedUntil > now) return { allowed: false as const, retryAfterSeconds: Math.ceil((pausedUntil - now) / 1000) };
    await tx.execute(sql`update rate_limit set count = ${failures + 1}, last_request = ${now + signInBackoff.forgetAfterMs} where key = ${key}`);
    return { allowed: true as const, failures: failures + 1 };
  });
}
