import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimDataDir } from "./claim-data-dir";

describe("claiming the embedded database's directory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "aranzer-claim-"));
  const file = path.join(dir, "db.pid");
  afterEach(() => rmSync(file, { force: true }));

  it("holds it for this process and lets it go on release", () => {
    const release = claimDataDir(dir);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a directory another running process holds, and takes over one whose process is gone", () => {
    // The test runner's parent runs for as long as this test does.
    writeFileSync(file, String(process.ppid));
    expect(() => claimDataDir(dir)).toThrow(/in use by process/);
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(file, gone);
    const release = claimDataDir(dir);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over a claim nobody has touched for a while, even if its process id now runs something else", () => {
    writeFileSync(file, String(process.ppid));
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const release = claimDataDir(dir);
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
  });
});
