import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/**
 * The types that drizzle-orm asks PGlite to leave as text with every statement it sends (the `parsers` of
 * drizzle-orm/pglite/session.js): timestamps with and without time zone, intervals, dates, and arrays of them
 * and of numerics. Drizzle's columns parse these themselves.
 */
export const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;

/** Set on the PGlite instance (its `parsers` option), so that each statement can go without them. */
export const drizzleTextParsers: Record<number, (value: string) => string> = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (value: string) => value]));

type Queryable = { query: <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>> };

/**
 * PGlite as drizzle calls it (query, transaction), with the parsers drizzle passes per statement left out: the
 * instance has the same ones (drizzleTextParsers). PGlite merges parsers passed with a statement into its own
 * 318 for every statement it answers: the function with the most time of its own in a profile of a signed-in page
 * (docs/benchmarks.md, "Pages under a crowd").
 */
export function withInstanceParsers(client: PGlite): PGlite {
  const wrap = (target: Queryable) => ({
    query: <T>(query: string, params?: unknown[], options?: QueryOptions) => target.query<T>(query, params, options && { ...options, parsers: undefined }),
  });
  return {
    ...wrap(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(wrap(tx) as Transaction)),
  } as unknown as PGlite;
}
