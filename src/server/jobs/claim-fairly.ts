import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";

/** A queue as the claim sees it: the rows of one table, each due or not, each with an owner. */
export type FairQueue = {
  /** Names the queue in job_owner_turn ("generation", "hd-copy", …). */
  name: string;
  /** The queue's table and its key column. */
  table: string;
  key: string;
  /**
   * The due rows, as `select <key> as key, <owner> as owner, <when queued> as queued_at from …`: queued and
   * past their time, or running with a lease that ran out.
   */
  due: SQL;
  /** What a claim writes on the row (`state = 'running', lease_until = …`); `j` is the claimed row. */
  set: SQL;
};

/**
 * Claims up to `limit` due rows of a queue in one statement, taking turns between people: each person's due
 * rows are numbered (oldest first), and the first rows of everyone go before anyone's second; among people on
 * the same turn, the one whose work was claimed longest ago (or never) goes first. So one account's hundreds of
 * queued jobs do not hold up another person's single one, which is claimed next. SKIP LOCKED lets concurrent
 * workers take different rows instead of waiting on each other.
 *
 * Answers what `select` reads from `claimed` (the updated rows, `j.*`), by default their keys.
 */
export async function claimFairly<T>(options: { db: DbOrTx; queue: FairQueue; limit: number; select?: SQL }): Promise<T[]> {
  const { queue, limit } = options;
  if (limit <= 0) return [];
  const table = sql.identifier(queue.table);
  const key = sql.identifier(queue.key);
  return executeRows<T>(options.db, sql`
    with due as (${queue.due}),
    ranked as (
      select d.key, d.owner, d.queued_at, t.last_claimed_at,
             row_number() over (partition by d.owner order by d.queued_at, d.key) as turn
        from due d
        left join job_owner_turn t on t.queue = ${queue.name} and t.owner_id = d.owner
    ),
    picked as (
      select r.key, r.owner
        from ranked r
        join ${table} g on g.${key} = r.key
       order by r.turn, r.last_claimed_at nulls first, r.queued_at, r.key
       limit ${limit}
         for update of g skip locked
    ),
    claimed as (
      update ${table} j set ${queue.set}
        from picked
       where j.${key} = picked.key
      returning j.*
    ),
    served as (
      insert into job_owner_turn (queue, owner_id, last_claimed_at)
      select ${queue.name}, p.owner, clock_timestamp() from picked p group by p.owner order by p.owner
      on conflict (queue, owner_id) do update set last_claimed_at = excluded.last_claimed_at
    )
    ${options.select ?? sql`select ${key} as key from claimed`}`);
}
