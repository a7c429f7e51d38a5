import type { FullConfig, Reporter, Suite } from "@playwright/test/reporter";

/** Says loudly, after the run, which spec files did not run at all (every test skipped), and why. */
export default class LoudSkipsReporter implements Reporter {
  private root: Suite | null = null;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    const byFile = new Map<string, { skipped: number; total: number; reasons: Set<string> }>();
    for (const test of this.root?.allTests() ?? []) {
      const file = test.location.file.replace(`${process.cwd()}/`, "");
      const entry = byFile.get(file) ?? { skipped: 0, total: 0, reasons: new Set<string>() };
      entry.total++;
      if (test.outcome() === "skipped") {
        entry.skipped++;
        for (const note of test.annotations) if (note.type === "skip" && note.description) entry.reasons.add(note.description);
      }
      byFile.set(file, entry);
    }
    const lines = [...byFile].filter(([, e]) => e.total > 0 && e.skipped === e.total).map(([file, e]) => `!!  ${file}: SKIPPED AS A WHOLE (${e.total} tests)${e.reasons.size ? `: ${[...e.reasons].join("; ")}` : ""}`);
    if (lines.length === 0) return;
    const bar = "=".repeat(78);
    process.stderr.write(`\n${bar}\n!!  Not run in this run:\n${lines.join("\n")}\n${bar}\n\n`);
  }

  printsToStdio() {
    return false;
  }
}
