import { EventEmitter } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { createDatabase } from "~/tests/support/postgres";
import { peek } from "@/server/process-singletons";

const url = inject("postgresUrl");

// Signals between processes exist only with PostgreSQL (NOTIFY); on the embedded database they stay in process.
describe.skipIf(!url)("signals between processes (PostgreSQL)", () => {
  let signals: typeof import("./signals");
  let sender: pg.Client;

  beforeAll(async () => {
    // This file's own module instances: env() reads DATABASE_URL on first use.
    process.env.DATABASE_URL = await createDatabase(url!, `t_signals_${process.pid}`);
    signals = await import("./signals");
    sender = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await sender.connect();
  });
  afterAll(async () => {
    await sender?.end();
    delete process.env.DATABASE_URL;
  });

  /** NOTIFYs from another connection, again and again, until `heard` resolves (the LISTEN is set up asynchronously). */
  async function notifyUntil(channel: string, payload: string, heard: Promise<unknown>) {
    let done = false;
    void heard.then(() => (done = true));
    const deadline = Date.now() + 10_000;
    while (!done) {
      if (Date.now() > deadline) throw new Error(`no ${channel} signal heard`);
      await sender.query("select pg_notify($1, $2)", [channel, payload]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("hears another connection's NOTIFY on a subscribed channel, and only on the channels subscribed", async () => {
    const heardBatch = new Promise<void>((resolve) => signals.subscribe("batch", "b-1", resolve));
    await notifyUntil("aranzer_batch", "b-1", heardBatch);

    // Nothing in this process subscribed to "jobs", so its notifications must not reach it. Watched on the
    // emitter itself (subscribe() would LISTEN); a sender's notifications arrive in order, so once the batch
    // signal sent after it is heard, a "jobs" one would have been too.
    const { emitter } = peek<{ emitter: EventEmitter }>("signals")!;
    const jobsHeard: string[] = [];
    emitter.on("jobs:*", (id: string) => jobsHeard.push(id));
    await sender.query("select pg_notify('aranzer_jobs', 'unheard')");
    await notifyUntil("aranzer_batch", "b-2", new Promise<void>((resolve) => signals.subscribe("batch", "b-2", resolve)));
    expect(jobsHeard).toEqual([]);

    // Subscribing later adds the channel to the same connection.
    await notifyUntil("aranzer_jobs", "j-1", new Promise<void>((resolve) => signals.subscribe("jobs", "j-1", resolve)));
    expect(jobsHeard).toContain("j-1");
  });
});
