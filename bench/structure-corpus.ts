/**
 * The structure check on a corpus of real before/after pairs judged by eye (bench/structure-corpus/README.md):
 *
 *   npm run bench:structure -- DIR [LABELS]
 *
 * DIR holds the pictures (`NN-before.*`, `NN-after.*`, `NN-mask.png`); LABELS is the judgement of each pair
 * (default bench/structure-corpus/labels.json: `[{ "id", "verdict": "kept" | "moved", … }]`). Each pair is
 * checked as `npm run structure:score` checks it. Prints each pair's score, measures and findings, then the
 * share of kept results flagged and of moved results missed at STRUCTURE_THRESHOLD and around it, for all pairs,
 * for the pairs the check was developed on and for the held-out ones (every third pair: ids 03, 06, 09, …),
 * and the time per result. Figures: docs/structure-check.md.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { STRUCTURE_THRESHOLD } from "../src/config/generation";
import { checkStructure } from "../src/server/edits/check-structure";
import { decodeRaw } from "../src/server/edits/decode-raw";
import { checkPhotoPair } from "../src/server/generation/check-photo-pair";
import { listPhotoPairs } from "../src/server/generation/list-photo-pairs";

const [dir, labelsFile = path.resolve(import.meta.dirname, "structure-corpus/labels.json")] = process.argv.slice(2);
if (!dir) {
  console.error("Usage: npm run bench:structure -- DIR [LABELS]");
  process.exit(2);
}
type Label = { id: string; verdict: "kept" | "moved"; model?: string; kind?: string };
const labels = new Map((JSON.parse(await readFile(labelsFile, "utf8")) as Label[]).map((label) => [label.id, label]));

type Row = { id: string; verdict: "kept" | "moved"; heldOut: boolean; score: number; ms: number; check?: { ms: number; cpuMs: number } };
const rows: Row[] = [];
for (const pair of await listPhotoPairs({ dir })) {
  const label = labels.get(pair.id);
  if (!label) continue;
  const [before, after, mask] = await Promise.all([readFile(pair.before), readFile(pair.after), pair.mask ? readFile(pair.mask) : undefined]);
  const began = performance.now();
  const check = await checkPhotoPair({ before, after, mask });
  const ms = performance.now() - began;
  const heldOut = Number.parseInt(pair.id, 10) % 3 === 0;
  rows.push({ id: pair.id, verdict: label.verdict, heldOut, score: check.score, ms, check: mask ? undefined : await checkAlone(before, after) });
  const findings = check.findings.map((f) => `${f.kind} ${f.element} ${f.side}/${f.level}`).join(", ");
  console.log(`${pair.id} ${label.verdict.padEnd(5)} ${heldOut ? "held-out" : "develop "} ${check.score.toFixed(3)} ${JSON.stringify(check.measures)} ${label.model ?? ""} | ${findings}`);
}

/** The check itself on an unmasked result, as a worker runs it: both pictures already decoded at 512 px (the photo once per batch). */
async function checkAlone(before: Buffer, after: Buffer): Promise<{ ms: number; cpuMs: number }> {
  const meta = await sharp(before).autoOrient().metadata();
  const scale = Math.min(1, 512 / Math.max(meta.width!, meta.height!));
  const size = { width: Math.round(meta.width! * scale), height: Math.round(meta.height! * scale) };
  const [original, result] = await Promise.all([decodeRaw({ image: before, ...size }), decodeRaw({ image: after, ...size })]);
  const began = performance.now();
  const cpu = process.cpuUsage();
  checkStructure({ original, result });
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - began, cpuMs: (used.user + used.system) / 1000 };
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)} % (${part} of ${whole})`);
function rates(set: Row[], threshold: number): string {
  const kept = set.filter((r) => r.verdict === "kept");
  const moved = set.filter((r) => r.verdict === "moved");
  const flagged = set.filter((r) => r.score < threshold).length;
  return `${percent(kept.filter((r) => r.score < threshold).length, kept.length)} | ${percent(moved.filter((r) => r.score >= threshold).length, moved.length)} | ${set.length ? Math.round((100 * flagged) / set.length) : "–"}`;
}
console.log(`\n${rows.length} pairs: ${rows.filter((r) => r.verdict === "kept").length} kept, ${rows.filter((r) => r.verdict === "moved").length} moved; held out: ${rows.filter((r) => r.heldOut).length}\n`);
console.log("| threshold | pairs | kept flagged | moved missed | flagged per 100 |");
console.log("|---|---|---|---|---:|");
for (const threshold of [...new Set([0.6, 0.7, 0.75, 0.8, 0.85, STRUCTURE_THRESHOLD, 0.9])].toSorted()) {
  for (const [name, set] of [["all", rows], ["developed on", rows.filter((r) => !r.heldOut)], ["held out", rows.filter((r) => r.heldOut)]] as const) {
    console.log(`| ${threshold === STRUCTURE_THRESHOLD ? `**${threshold}**` : threshold} | ${name} | ${rates(set, threshold)} |`);
  }
}
const summary = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms`;
};
console.log(`\nPer pair, photo normalized as an upload, result decoded and checked: ${summary(rows.map((r) => r.ms))}`);
// CPU time as well: on a shared machine the wall time measures the neighbours too.
const alone = rows.flatMap((r) => (r.check ? [r.check] : []));
console.log(`The check alone on an unmasked result decoded at 512 px: ${summary(alone.map((c) => c.ms))}; CPU time ${summary(alone.map((c) => c.cpuMs))}`);
