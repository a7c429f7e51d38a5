import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "./log";

function captured(write: () => void): Record<string, unknown> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
  const errors = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
  write();
  spy.mockRestore();
  errors.mockRestore();
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe("log lines", () => {
  afterEach(() => vi.restoreAllMocks());

  it("never carry a whole request value: a megabyte address is cut, in fields, lists and error messages", () => {
    const huge = `${"a".repeat(1_000_000)}@example.test`;
    const line = captured(() => log.info("mail.outbox", { to: huge, links: [huge], nested: { to: huge } }));
    expect(JSON.stringify(line).length).toBeLessThan(3000);
    expect(line.to).toMatch(/^a{500}…\[\d+ more characters\]$/);
    const error = captured(() => log.error("request.error", { error: new Error(`ENAMETOOLONG: open '${huge}'`) }));
    expect(JSON.stringify(error).length).toBeLessThan(10_000);
  });

  it("never carry a token: reset-link paths and token parameters are redacted, in fields and error messages alike", () => {
    const line = captured(() =>
      log.warn("auth.failed", {
        path: "/api/auth/reset-password/Ab_12-cd",
        url: "https://aranzer.pl/confirm?lang=pl&token=eyJhbGciOi.x.y&callbackURL=%2F",
        nested: { oauth: "/api/auth/callback/google?state=s3cr3t&code=4%2F0Ab" },
        error: new Error("fetch /api/auth/verify-email?token=abc failed"),
      }),
    );
    expect(line).toMatchObject({
      path: "/api/auth/reset-password/[redacted]",
      url: "https://aranzer.pl/confirm?lang=pl&token=[redacted]&callbackURL=%2F",
      nested: { oauth: "/api/auth/callback/google?state=[redacted]&code=[redacted]" },
    });
    expect(JSON.stringify(line)).not.toMatch(/Ab_12-cd|eyJhbGciOi|s3cr3t|4%2F0Ab|token=abc/);
  });

  it("keeps ordinary fields as they are", () => {
    const line = captured(() => log.info("db.ready", { kind: "pglite", ms: 12, at: new Date(0), ok: true }));
    expect(line).toMatchObject({ event: "db.ready", kind: "pglite", ms: 12, at: "1970-01-01T00:00:00.000Z", ok: true });
  });
});

describe("log levels", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function streamsOf(level: string | undefined, write: (logger: typeof log) => void) {
    if (level !== undefined) vi.stubEnv("LOG_LEVEL", level);
    vi.resetModules();
    const { log: fresh } = await import("./log");
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    write(fresh);
    vi.restoreAllMocks();
    const events = (lines: string[]) => lines.map((line) => JSON.parse(line) as { event: string; level: string; time: string });
    return { out: events(out), err: events(err) };
  }

  it("debug and info go to stdout, warn and error to stderr alone, each named and timed", async () => {
    const { out, err } = await streamsOf("debug", (l) => (l.debug("a"), l.info("b"), l.warn("c"), l.error("d")));
    expect(out.map(({ event, level }) => [event, level])).toEqual([["a", "debug"], ["b", "info"]]);
    expect(err.map(({ event, level }) => [event, level])).toEqual([["c", "warn"], ["d", "error"]]);
    expect(new Date(out[0]!.time).toISOString()).toBe(out[0]!.time);
  });

  it("drops what is below LOG_LEVEL, and falls back to info for a level it does not know", async () => {
    const quiet = await streamsOf("warn", (l) => (l.info("b"), l.warn("c")));
    expect([...quiet.out, ...quiet.err].map(({ event }) => event)).toEqual(["c"]);
    const unknown = await streamsOf("verbose", (l) => (l.debug("a"), l.info("b")));
    expect(unknown.out.map(({ event }) => event)).toEqual(["b"]);
  });
});
