import "server-only";
import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** Raw SQL for what the query builder cannot say (UPDATE … FROM … SKIP LOCKED, upserts with expressions). PGlite and node-postgres both answer with `rows`. */
export async function executeRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
