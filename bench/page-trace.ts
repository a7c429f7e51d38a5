/**
 * Where the page's time went in a Chromium trace written by `npm run bench:generation -- --trace=DIR`:
 *
 *   node --import tsx bench/page-trace.ts DIR/batch-8-1.json [--latency=2000] [--window=500]
 *
 * The window starts at the batch's Confirm click (the trace's last click) plus L and lasts --window ms: the time
 * from the engine's answers to the last result on screen. Prints each thread's busy time in it (its top-level tasks)
 * and, for the page's main thread, the self time of each kind of work (script, style, layout, paint…), largest first.
 */
import { readFileSync } from "node:fs";
import { option } from "./server";

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { name?: string; data?: { type?: string } } };

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!file) throw new Error("usage: page-trace.ts TRACE.json [--latency=MS] [--window=MS]");
const latencyUs = Number(option("latency") ?? 2000) * 1000;
const windowUs = Number(option("window") ?? 500) * 1000;
const raw = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const threadNames = new Map<string, string>();
for (const e of events) if (e.ph === "M" && e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? "?");
const clicks = events.filter((e) => e.name === "EventDispatch" && e.args?.data?.type === "click");
const confirm = clicks.at(-1);
if (!confirm) throw new Error("no click in the trace");
const from = confirm.ts + latencyUs;
const to = from + windowUs;
const overlap = (e: TraceEvent) => Math.max(0, Math.min(e.ts + (e.dur ?? 0), to) - Math.max(e.ts, from));

// Busy time per thread: the union of its top-level tasks (nested task events are counted once).
const tasks = new Map<string, [number, number][]>();
for (const e of events) {
  if (e.ph !== "X" || (e.name !== "ThreadControllerImpl::RunTask" && e.name !== "RunTask")) continue;
  const key = `${e.pid}:${e.tid}`;
  const list = tasks.get(key) ?? [];
  list.push([Math.max(e.ts, from), Math.min(e.ts + (e.dur ?? 0), to)]);
  tasks.set(key, list);
}
const busy = new Map<string, number>();
for (const [key, list] of tasks) {
  let total = 0;
  let end = -Infinity;
  for (const [start, stop] of list.filter(([a, b]) => b > a).sort((a, b) => a[0] - b[0])) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  busy.set(key, total);
}
console.log(`window: Confirm + ${latencyUs / 1000} ms, for ${windowUs / 1000} ms`);
for (const [key, us] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${(us / 1000).toFixed(1).padStart(7)} ms  ${threadNames.get(key) ?? key} (${key})`);

// Self time per kind of work on the page's main thread (the CrRendererMain with the most work in the window).
const main = [...busy].filter(([key]) => threadNames.get(key) === "CrRendererMain").sort((a, b) => b[1] - a[1])[0]?.[0];
const mine = events.filter((e) => e.ph === "X" && `${e.pid}:${e.tid}` === main && e.dur !== undefined && e.ts < to && e.ts + e.dur! > from).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
const self = new Map<string, number>();
const stack: { e: TraceEvent; children: number }[] = [];
const close = (until: number) => {
  while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
    const { e, children } = stack.pop()!;
    self.set(e.name, (self.get(e.name) ?? 0) + Math.max(0, overlap(e) - children));
    if (stack.length) stack.at(-1)!.children += overlap(e);
  }
};
for (const e of mine) {
  close(e.ts);
  stack.push({ e, children: 0 });
}
close(Infinity);
console.log("\npage main thread, self time by kind:");
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
