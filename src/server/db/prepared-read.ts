import "server-only";
import { getDb, type Db, type DbOrTx } from "./client";

type Prepared<Result> = { execute: (values: Record<string, unknown>) => Promise<Result> };

/**
 * A read that every signed-in page makes, prepared once per database with drizzle's `prepare()`: its SQL is
 * built once instead of on every call, and PostgreSQL parses and plans it once per connection (a named
 * statement). Inside a transaction it is prepared on that transaction. Values go in as `sql.placeholder(name)`.
 */
export function preparedRead<Result>(name: string, build: (db: DbOrTx) => { prepare: (name: string) => Prepared<Result> }) {
  const perDatabase = new WeakMap<Db, Prepared<Result>>();
  return async (values: Record<string, unknown>, options: { db?: DbOrTx } = {}): Promise<Result> => {
    if (options.db) return build(options.db).prepare(name).execute(values);
    const db = await getDb();
    let prepared = perDatabase.get(db);
    if (!prepared) perDatabase.set(db, (prepared = build(db).prepare(name)));
    return prepared.execute(values);
  };
}
