import type { Reporter, TestModule, TestSuite } from "vitest/node";

/**
 * Says loudly, after the run, which test files and top-level groups did not run at all (every test skipped),
 * so that a suite that could not run here (PostgreSQL missing) is never mistaken for a passing one.
 */
export default class LoudSkipsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const lines: string[] = [];
    for (const testModule of testModules) {
      const tests = [...testModule.children.allTests()];
      if (tests.length > 0 && tests.every((test) => test.result().state === "skipped")) {
        lines.push(`!!  ${testModule.relativeModuleId}: SKIPPED AS A WHOLE (${tests.length} tests)`);
        continue;
      }
      for (const suite of testModule.children.suites()) {
        const inSuite = [...(suite as TestSuite).children.allTests()];
        if (inSuite.length > 0 && inSuite.every((test) => test.result().state === "skipped")) {
          lines.push(`!!  ${testModule.relativeModuleId} › ${suite.name}: SKIPPED AS A WHOLE (${inSuite.length} tests)`);
        }
      }
    }
    if (lines.length === 0) return;
    const bar = "=".repeat(78);
    process.stderr.write(`\n${bar}\n!!  Not run in this run:\n${lines.join("\n")}\n${bar}\n\n`);
  }
}
