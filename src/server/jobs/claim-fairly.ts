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
   * The due rows, as `select <key> as key, <owner> as owner, <when queued> as queued_at, <lane> as lane,
   * <lane's limit> as lane_limit from …`: queued and past their time, or running with a lease that ran out. A
   * lane (an API key's work) runs at most lane_limit rows at once, whoever has slots free; null: no lane.
   */
  due: SQL;
  /** The rows running under a live lease, as `select <owner> as owner, <lane> as lane from …`. */
  running: SQL;
  /** What a claim writes on the row (`state = 'running', lease_until = …`); `j` is the claimed row. */
  set: SQL;
};

/**
 * Claims up to `limit` due rows of a queue in one statement, each person getting a share of the slots: a
 * person's due rows are numbered after the rows they already have running (oldest first), and lower numbers go
 * first, so a person running three jobs does not take a free slot while another person running fewer waits;
 * among people on the same turn, the one whose work was claimed longest ago (or never) goes first. A lane (an
 * API key) past its limit of rows running at once takes no slot at all, even a free one: one key's hundreds of
 * queued jobs leave the other slots to everyone else. SKIP LOCKED lets concurrent workers take different rows
 * instead of waiting on each other (two claims at the same instant may each take a lane's last place).
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
    running as (${queue.running}),
    owner_running as (select owner, count(*) as n from running group by owner),
    lane_running as (select lane, count(*) as n from running where lane is not null group by lane),
    laned as (
      select d.key, d.owner, d.queued_at, d.lane_limit,
             coalesce(l.n, 0) + row_number() over (partition by d.lane order by d.queued_at, d.key) as place
        from due d
        left join lane_running l on l.lane = d.lane
    ),
    ranked as (
      select e.key, e.owner, e.queued_at, t.last_claimed_at,
             coalesce(o.n, 0) + row_number() over (partition by e.owner order by e.queued_at, e.key) as turn
        from laned e
        left join owner_running o on o.owner = e.owner
        left join job_owner_turn t on t.queue = ${queue.name} and t.owner_id = e.owner
       where e.lane_limit is null or e.place <= e.lane_limit
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
