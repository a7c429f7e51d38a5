import "server-only";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { env } from "@/env";
import { pathFor } from "@/config/routes";
import { getDb, type DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { user } from "@/server/db/schema";
import { getProfileLocale } from "@/server/accounts/get-profile-locale";
import { sendTemplateMail } from "@/server/mail/send-template-mail";
import { freeFailures, signInBackoff, signInKeys } from "./sign-in-backoff";

/**
 * After a failed password sign-in: once the failures of an address reach the point where sign-in pauses,
 * its owner gets one e-mail about it (one a day while it goes on), with the way in that still works.
 * Addresses without an account get nothing, and the answer to the request is the same either way.
 */
export async function warnOfFailedSignIns(options: { email: string; db?: DbOrTx; now?: number }): Promise<boolean> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? Date.now();
  const keys = signInKeys(options.email);
  const [failures] = await executeRows<{ count: number; last_request: string | number }>(
    db,
    sql`select count, last_request from rate_limit where key = ${keys.failures}`,
  );
  if (!failures || Number(failures.last_request) <= now || Number(failures.count) < freeFailures()) return false;
  // One row per warning period: only the request that writes it sends the e-mail.
  const claimed = await executeRows<{ id: string }>(
    db,
    sql`insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${keys.warned}, 1, ${now + signInBackoff.forgetAfterMs})
      on conflict (key) do update set count = rate_limit.count + 1, last_request = excluded.last_request
        where rate_limit.last_request <= ${now}
      returning id`,
  );
  if (claimed.length === 0) return false;
  const [owner] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, options.email.trim().toLowerCase()));
  if (!owner) return false;
  const locale = await getProfileLocale({ userId: owner.id });
  await sendTemplateMail({ to: owner.email, locale, template: "signInFailures", url: `${env().appUrl}${pathFor("/login", locale)}` });
  return true;
}
