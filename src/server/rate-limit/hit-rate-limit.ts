import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { env } from "@/env";
import { API_RATE_LIMIT } from "@/config/api";
import { getDb, type DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { AppError } from "@/server/errors";

/**
 * Product limits per user (sign-in and sign-up limits per client address live in the auth library's
 * configuration, the per-account sign-in limit in src/server/auth/sign-in-backoff.ts).
 */
export const rateLimits = {
  upload: { max: 30, windowMs: 60_000 },
  generate: { max: 20, windowMs: 60_000 },
  /** Comments per user: enough for a conversation, too few for a flood. */
  comment: { max: 5, windowMs: 10 * 60_000 },
  /** Free-token grants per client address a day: a household or an office, not a farm of new accounts. */
  freeTokens: { max: 3, windowMs: 24 * 60 * 60_000 },
  /** Edits and deletions of one's own comments per user: room to fix typos, none to churn the blog's pages. */
  commentChange: { max: 10, windowMs: 10 * 60_000 },
  /** Reports per user or, for visitors, per client address. */
  commentReport: { max: 10, windowMs: 10 * 60_000 },
  /** New listings and client links per user: an agent's busy day, not a script filling the tables. */
  listing: { max: 30, windowMs: 60_000 },
  /** ZIPs and HD copies per account: a listing's forty HD copies one by one, and then some. */
  download: { max: 60, windowMs: 60_000 },
  /** Images checked on the public check page, per client address: a buyer's listing, not a crawl of the proof ids. */
  verify: { max: 30, windowMs: 60_000 },
  /** Requests per API key, every route together. */
  api: API_RATE_LIMIT,
} as const;

/** Where a subject stands in its window: for the RateLimit and RateLimit-Policy headers of the API. */
export type RateLimitState = { limit: number; remaining: number; resetSeconds: number; windowSeconds: number };

/**
 * Counts one request against a fixed window in the database (the auth library's table, our own keys),
 * so the limit holds across processes; throws RATE_LIMITED past the maximum (times RATE_LIMIT_MULTIPLIER),
 * with `retryAfter`: the seconds until the window ends, for the answer's Retry-After header. `count`: a request
 * that does the work of several (a listing importing five library photos is five uploads).
 */
export async function hitRateLimit(options: { rule: keyof typeof rateLimits; subject: string; count?: number; db?: DbOrTx }): Promise<RateLimitState> {
  const db = options.db ?? (await getDb());
  const rule = rateLimits[options.rule];
  const max = Math.ceil(rule.max * env().RATE_LIMIT_MULTIPLIER);
  const now = Date.now();
  const key = `app:${options.rule}:${options.subject}`;
  const count = Math.max(1, Math.floor(options.count ?? 1));
  const rows = await executeRows<{ count: number; last_request: string | number }>(db, sql`
    insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, ${count}, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request <= ${now - rule.windowMs} then ${count} else rate_limit.count + ${count} end,
      last_request = case when rate_limit.last_request <= ${now - rule.windowMs} then ${now} else rate_limit.last_request end
    returning count, last_request`);
  const row = rows[0];
  const resetSeconds = Math.max(1, Math.ceil((Number(row?.last_request ?? now) + rule.windowMs - now) / 1000));
  if (row && Number(row.count) > max) throw new AppError("RATE_LIMITED", { retryAfter: resetSeconds });
  return { limit: max, remaining: Math.max(0, max - Number(row?.count ?? count)), resetSeconds, windowSeconds: rule.windowMs / 1000 };
}
