/**
 * The product as several processes: two web processes and two workers on one PostgreSQL database and one S3
 * bucket (tests/support/cluster.ts), 30 batches from 10 users through a fake engine that fails some styles,
 * and one worker killed (SIGKILL) while it runs jobs. Nothing may be lost or spent twice, and every batch's
 * progress stream must read the same from either web process. Skipped, loudly, where PostgreSQL cannot run.
 */
import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { addTokens, asUser, createBatch, createUser, startCluster, uploadPhoto, withDatabase, type AppProcess, type LogLine } from "../support/cluster";

const STYLES = ["modern", "contemporary", "minimalist", "scandinavian", "japandi", "industrial", "boho", "glamour", "loft"];
/** Final failures by style, and the reason each visualization must end with. */
const FAILING: Record<string, string> = { boho: "refused", glamour: "provider" };
const SCRIPT = { latencyMs: 700, progressSteps: 2, concurrency: 3, failures: { boho: "refused", glamour: "failed", japandi: { transientTimes: 1, retryAfterMs: 100 } } };
const USERS = 10;
const BATCHES_PER_USER = 3;
const STYLES_PER_BATCH = 3;
const FREE_TOKENS = 3;
const EXTRA_TOKENS = 10;

type SseEvent = { id: string | null; event: string; data: string };

/** Reads a batch's event stream until its `done` event (the server then closes it). */
async function readEvents(web: AppProcess, cookie: string, batchId: string, lastEventId?: string): Promise<SseEvent[]> {
  const response = await fetch(`${web.baseURL}/api/batches/${batchId}/events`, {
    headers: asUser(web, cookie, lastEventId ? { "last-event-id": lastEventId } : {}),
    signal: AbortSignal.timeout(150_000),
  });
  expect(response.status).toBe(200);
  const events: SseEvent[] = [];
  let buffer = "";
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const next = () => reader.read().catch((error: unknown) => Promise.reject(new Error(`the event stream of batch ${batchId} on ${web.name} broke after ${events.length} events`, { cause: error })));
  for (let read = await next(); !read.done; read = await next()) {
    buffer += read.value;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { id: null, event: "message", data: "" };
      let hasData = false;
      for (const line of block.split("\n")) {
        const colon = line.indexOf(":");
        if (colon === 0) continue; // a comment (keep-alive)
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") event.id = value;
        else if (field === "event") event.event = value;
        else if (field === "data") {
          event.data += (hasData ? "\n" : "") + value;
          hasData = true;
        }
      }
      if (hasData) events.push(event);
      if (event.event === "done") return events;
    }
  }
  throw new Error(`the event stream of batch ${batchId} on ${web.name} ended without "done"`);
}

type EngineCall = { visualizationId: string; worker: string; start: number; end: number; unfinished: boolean };

/** Each engine call a worker made, from its generation.started line to its succeeded or attempt_failed line. */
function engineCalls(worker: AppProcess, diedAt = Number.POSITIVE_INFINITY): EngineCall[] {
  const lines = [...worker.logs].filter((l): l is LogLine & { visualizationId: string } => typeof l.visualizationId === "string");
  // stdout and stderr arrive through separate pipes: order by the time written.
  lines.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const open = new Map<string, number>();
  const calls: EngineCall[] = [];
  for (const line of lines) {
    const at = Date.parse(line.time);
    if (line.event === "generation.started") {
      expect(open.has(line.visualizationId), `${worker.name} started ${line.visualizationId} twice at once`).toBe(false);
      open.set(line.visualizationId, at);
    } else if ((line.event === "generation.succeeded" || line.event === "generation.attempt_failed") && open.has(line.visualizationId)) {
      calls.push({ visualizationId: line.visualizationId, worker: worker.name, start: open.get(line.visualizationId)!, end: at, unfinished: false });
      open.delete(line.visualizationId);
    }
  }
  for (const [visualizationId, start] of open) calls.push({ visualizationId, worker: worker.name, start, end: diedAt, unfinished: true });
  return calls;
}

test("two web processes and two workers on PostgreSQL and S3 lose nothing and spend nothing twice when a worker dies", async () => {
  test.setTimeout(240_000);
  // The dead worker's jobs are taken over once their leases run out: 10 s here rather than the default 30 s.
  const cluster = await startCluster({ webs: 2, workers: 2, env: { GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify(SCRIPT), JOB_LEASE_SECONDS: "10" } });
  if (!cluster) {
    console.warn("\n!!  scale.spec.ts SKIPPED: no PostgreSQL server could be started (see the warning above).\n");
    test.skip(true, "PostgreSQL binaries are missing or the cluster could not start");
    return;
  }
  try {
    const [web1, web2] = cluster.webs as [AppProcess, AppProcess];
    const [survivor, victim] = cluster.workers as [AppProcess, AppProcess];
    for (const web of cluster.webs) {
      expect(await (await fetch(`${web.baseURL}/api/health`)).json()).toMatchObject({ ok: true, database: { kind: "postgres" }, storage: { kind: "s3" } });
    }

    // Ten users, each signed up on one web process and uploading on the other.
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8a7f70" } }).jpeg().toBuffer();
    const users = await Promise.all(
      Array.from({ length: USERS }, async (_, i) => {
        const user = await createUser(cluster, cluster.webs[i % 2]!, `skala-${i}-${Date.now()}@example.test`);
        await addTokens(cluster.databaseUrl, user.id, EXTRA_TOKENS, `scale:${user.id}`);
        return { ...user, imageId: await uploadPhoto(cluster.webs[(i + 1) % 2]!, user.cookie, photo) };
      }),
    );

    // Thirty batches at once, alternating between the web processes; each batch's stream read live from both.
    const batches = await Promise.all(
      Array.from({ length: USERS * BATCHES_PER_USER }, async (_, k) => {
        const user = users[k % USERS]!;
        const styles = Array.from({ length: STYLES_PER_BATCH }, (_, j) => STYLES[(k + j * 3) % STYLES.length]!);
        const batch = await createBatch(cluster.webs[k % 2]!, user.cookie, user.imageId, styles);
        return { ...batch, user, live: Promise.all([readEvents(web1, user.cookie, batch.id), readEvents(web2, user.cookie, batch.id)]) };
      }),
    );
    const total = batches.length * STYLES_PER_BATCH;

    // Kill a worker in the middle: once a fifth of the work is done, while it runs at least two jobs.
    const finalCount = () =>
      withDatabase(cluster.databaseUrl, async (db) => Number((await db.query<{ n: string }>("select count(*) as n from visualization where status in ('succeeded', 'failed')")).rows[0]!.n));
    await expect.poll(async () => (await finalCount()) >= total / 5 && engineCalls(victim).filter((c) => c.unfinished).length >= 2, { timeout: 60_000, intervals: [100] }).toBe(true);
    await victim.kill("SIGKILL");
    const killedAt = Date.now();
    expect(await finalCount()).toBeLessThan(total);

    const streams = await Promise.all(batches.map((b) => b.live));

    await withDatabase(cluster.databaseUrl, async (db) => {
      const { rows: visualizations } = await db.query<{ id: string; batch_id: string; user_id: string; style_id: string; status: string; failure_reason: string | null; refunded: boolean; job_state: string }>(
        "select v.*, j.state as job_state from visualization v join generation_job j on j.visualization_id = v.id",
      );
      expect(visualizations).toHaveLength(total);

      // Every visualization ends exactly once, as the script says, and its job is done.
      const { rows: finals } = await db.query<{ vis: string; type: string; n: string }>(
        "select payload->>'visualizationId' as vis, payload->>'type' as type, count(*) as n from batch_event where payload->>'type' in ('succeeded', 'failed') group by 1, 2",
      );
      const finalOf = new Map(finals.map((f) => [f.vis, f]));
      expect(finals).toHaveLength(total);
      for (const v of visualizations) {
        const expected = FAILING[v.style_id] ? "failed" : "succeeded";
        expect({ style: v.style_id, status: v.status, reason: v.failure_reason, refunded: v.refunded, job: v.job_state, event: finalOf.get(v.id)?.type, events: finalOf.get(v.id)?.n }).toEqual({
          style: v.style_id,
          status: expected,
          reason: FAILING[v.style_id] ?? null,
          refunded: expected === "failed",
          job: "done",
          event: expected,
          events: "1",
        });
      }
      // A worker writes its generation.succeeded line after the commit that ends the stream, and its pipe may lag.
      await expect.poll(() => engineCalls(survivor).filter((c) => c.unfinished), { timeout: 10_000 }).toEqual([]);
      const logged = new Map<string, number>();
      for (const line of cluster.workers.flatMap((w) => w.logs)) {
        if ((line.event === "generation.succeeded" || line.event === "generation.failed") && typeof line.visualizationId === "string") logged.set(line.visualizationId, (logged.get(line.visualizationId) ?? 0) + 1);
      }
      expect([...logged.values()].every((n) => n === 1)).toBe(true);

      // No job ran on two workers at once; the victim's unfinished jobs were taken over once its leases ran out.
      const calls = [...engineCalls(survivor), ...engineCalls(victim, killedAt)];
      const byVisualization = new Map<string, EngineCall[]>();
      for (const call of calls) byVisualization.set(call.visualizationId, [...(byVisualization.get(call.visualizationId) ?? []), call]);
      for (const list of byVisualization.values()) {
        list.sort((a, b) => a.start - b.start);
        for (let i = 1; i < list.length; i++) expect(list[i]!.start, `${list[i]!.visualizationId} ran on ${list[i - 1]!.worker} and ${list[i]!.worker} at once`).toBeGreaterThanOrEqual(list[i - 1]!.end);
      }
      const cutShort = calls.filter((c) => c.unfinished && c.worker === victim.name);
      const takenOver = cutShort.filter((c) => byVisualization.get(c.visualizationId)!.some((o) => o.worker === survivor.name && o.start > killedAt));
      expect(takenOver.length).toBeGreaterThan(0);
      console.log(
        `scale: ${total} visualizations (${visualizations.filter((v) => v.status === "succeeded").length} succeeded, ${visualizations.filter((v) => v.status === "failed").length} failed), ` +
          `${calls.length} engine calls; ${victim.name} killed with ${cutShort.length} running, ${takenOver.length} taken over ${((Math.min(...takenOver.map((c) => byVisualization.get(c.visualizationId)!.find((o) => o.start > killedAt)!.start)) - killedAt) / 1000).toFixed(1)} s later`,
      );

      // Every failed one refunded exactly once, nothing else refunded.
      const { rows: refunds } = await db.query<{ idempotency_key: string; user_id: string; amount: number }>("select idempotency_key, user_id, amount from token_ledger where kind = 'refund'");
      const failed = visualizations.filter((v) => v.status === "failed");
      expect(refunds.map((r) => r.idempotency_key).sort()).toEqual(failed.map((v) => `refund:${v.id}`).sort());
      for (const r of refunds) {
        expect(r.amount).toBe(1);
        expect(r.user_id).toBe(visualizations.find((v) => `refund:${v.id}` === r.idempotency_key)!.user_id);
      }

      // Balances match the ledger, and the ledger matches what happened.
      const { rows: balances } = await db.query<{ user_id: string; balance: number; ledger: string }>(
        "select a.user_id, a.balance, (select sum(amount) from token_ledger l where l.user_id = a.user_id) as ledger from token_account a",
      );
      for (const user of users) {
        const row = balances.find((b) => b.user_id === user.id)!;
        const spent = BATCHES_PER_USER * STYLES_PER_BATCH;
        const refunded = failed.filter((v) => v.user_id === user.id).length;
        expect({ balance: row.balance, ledger: Number(row.ledger) }).toEqual({ balance: FREE_TOKENS + EXTRA_TOKENS - spent + refunded, ledger: FREE_TOKENS + EXTRA_TOKENS - spent + refunded });
      }

      // Each batch's stream: the same events from either web process, live and resumed, and as stored.
      for (const [i, batch] of batches.entries()) {
        const { rows } = await db.query<{ seq: number; payload: unknown }>("select seq, payload from batch_event where batch_id = $1 order by seq", [batch.id]);
        const stored = rows.map((r) => ({ id: String(r.seq), event: "message", payload: r.payload }));
        const readable = (events: SseEvent[]) => events.filter((e) => e.event !== "done").map((e) => ({ id: e.id, event: e.event, payload: JSON.parse(e.data) as unknown }));
        const [fromWeb1, fromWeb2] = streams[i]!;
        expect(readable(fromWeb1)).toEqual(stored);
        expect(readable(fromWeb2)).toEqual(stored);
        expect(fromWeb1.at(-1)?.event).toBe("done");
        expect(readable(await readEvents(cluster.webs[(i + 1) % 2]!, batch.user.cookie, batch.id, "3"))).toEqual(stored.slice(3));
      }
    });

    // Results live in the bucket: either web process serves them to their owner, and to nobody else.
    for (const [i, user] of users.entries()) {
      const listed = await fetch(`${web1.baseURL}/api/images`, { headers: asUser(web1, user.cookie) });
      const result = ((await listed.json()) as { images: { kind: string; url: string }[] }).images.find((image) => image.kind === "result")!;
      const [a, b] = await Promise.all([web1, web2].map((web) => fetch(`${web.baseURL}${result.url}`, { headers: asUser(web, user.cookie) })));
      expect([a!.status, b!.status, a!.headers.get("content-type")]).toEqual([200, 200, "image/jpeg"]);
      expect(Buffer.from(await a!.arrayBuffer()).equals(Buffer.from(await b!.arrayBuffer()))).toBe(true);
      const stranger = users[(i + 1) % USERS]!;
      expect((await fetch(`${web2.baseURL}${result.url}`, { headers: asUser(web2, stranger.cookie) })).status).toBe(404);
    }
  } finally {
    await cluster.stop();
    // What each process said, in the test's output folder (test-results/e2e/…).
    for (const app of [...cluster.webs, ...cluster.workers]) {
      writeFileSync(test.info().outputPath(`${app.name}.log`), [...app.logs.map((l) => JSON.stringify(l)), app.stderr()].join("\n"));
    }
  }
});
