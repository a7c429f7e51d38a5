import { afterEach, describe, expect, it, vi } from "vitest";
import type { Handle } from "@/server/db/client";
import { installDatabase } from "~/tests/support/databases";
import { checkHealth } from "./check-health";

describe("the health check", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers a failing database with a generic word; the database's own message goes to the log only", async () => {
    const secret = 'password authentication failed for user "aranzer" at db-internal.example:5432';
    installDatabase({ kind: "postgres", db: { execute: () => Promise.reject(new Error(secret)) } } as unknown as Handle);
    const logged: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (logged.push(String(chunk)), true));
    const report = await checkHealth();
    expect(report).toMatchObject({ ok: false, database: { ok: false, error: "unavailable" } });
    expect(JSON.stringify(report)).not.toContain("db-internal");
    expect(logged.join("")).toContain(secret.replaceAll('"', '\\"'));
  });
});
