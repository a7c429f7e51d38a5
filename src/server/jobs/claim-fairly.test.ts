import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { testDatabases } from "~/tests/support/databases";
import { claimFairly, type FairQueue } from "./claim-fairly";

/** A queue of its own: rows with an owner, a lane and its limit, queued or running under a lease. */
const queue: FairQueue = {
  name: "claim-test",
  table: "claim_test_job",
  key: "id",
  due: sql`select id as key, owner, queued_at, lane, lane_limit from claim_test_job where state = 'queued'`,
  running: sql`select owner, lane from claim_test_job where state = 'running' and lease_until >= now()`,
  set: sql`state = 'running', lease_until = now() + interval '1 minute'`,
};

describe.each(testDatabases())("claimFairly on $name", ({ open }) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await open();
    await handle.db.execute(sql`
      create table claim_test_job (id text primary key, owner text not null, lane text, lane_limit int, state text not null,
                                   lease_until timestamptz, queued_at timestamptz not null)`);
  });
  beforeEach(async () => {
    await handle.db.execute(sql`delete from claim_test_job`);
    await handle.db.execute(sql`delete from job_owner_turn where queue = 'claim-test'`);
  });
  afterAll(async () => {
    await handle.close();
  });

  /** `count` rows of an owner, queued a second apart from `from` seconds ago (older first), or running. */
  async function rows(owner: string, count: number, options: { from: number; state?: "queued" | "running"; lane?: string; laneLimit?: number; tag?: string }) {
    for (let i = 0; i < count; i++) {
      const state = options.state ?? "queued";
      await handle.db.execute(sql`
        insert into claim_test_job (id, owner, lane, lane_limit, state, lease_until, queued_at)
        values (${`${options.tag ?? owner}-${state}-${i}`}, ${owner}, ${options.lane ?? null}, ${options.laneLimit ?? null}, ${state},
                ${state === "running" ? sql`now() + interval '1 minute'` : null}, now() - ${options.from - i} * interval '1 second')`);
    }
  }
  const claim = async (limit: number) => (await claimFairly<{ key: string }>({ db: handle.db, queue, limit })).map((r) => r.key).sort();

  it("gives a free slot to a person running less before one already running several, whoever queued first", async () => {
    await rows("agency", 3, { from: 100, state: "running" });
    await rows("agency", 5, { from: 90 });
    await rows("person", 2, { from: 10 });
    expect(await claim(2)).toEqual(["person-queued-0", "person-queued-1"]);
    // The person now runs two, the agency three: the agency's next row goes before the person's third.
    await rows("late", 1, { from: 1 });
    expect(await claim(2)).toEqual(["agency-queued-0", "late-queued-0"]);
  });

  it("runs at most a lane's limit at once, even with slots free and nothing else waiting", async () => {
    await rows("agency", 1, { from: 100, state: "running", lane: "key-1", laneLimit: 2 });
    await rows("agency", 6, { from: 90, lane: "key-1", laneLimit: 2 });
    expect(await claim(4)).toEqual(["agency-queued-0"]);
    expect(await claim(4)).toEqual([]);
    // The same person's work outside the lane (the website's) is not held by it.
    await rows("agency", 1, { from: 5, tag: "website" });
    expect(await claim(4)).toEqual(["website-queued-0"]);
  });

  it("lets a lane's next row run once one of its running rows ends", async () => {
    await rows("agency", 2, { from: 100, state: "running", lane: "key-1", laneLimit: 2 });
    await rows("agency", 3, { from: 90, lane: "key-1", laneLimit: 2 });
    expect(await claim(4)).toEqual([]);
    await handle.db.execute(sql`update claim_test_job set state = 'done' where id = 'agency-running-0'`);
    expect(await claim(4)).toEqual(["agency-queued-0"]);
  });
});
