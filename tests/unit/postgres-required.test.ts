/**
 * Without PostgreSQL (POSTGRES_BINDIR pointing nowhere), the throwaway-cluster helper skips its suite with a
 * warning on a developer's machine, and fails loudly under CI=true or REQUIRE_POSTGRES=1.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { startThrowawayPostgres } from "../support/postgres";

describe("a machine without PostgreSQL", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("fails the run under CI=true and under REQUIRE_POSTGRES=1, naming the cause and the fix", async () => {
    vi.spyOn(process.stderr, "write").mockReturnValue(true);
    vi.stubEnv("POSTGRES_BINDIR", "/nonexistent");
    vi.stubEnv("REQUIRE_POSTGRES", "");
    vi.stubEnv("CI", "true");
    await expect(startThrowawayPostgres()).rejects.toThrow(/PostgreSQL is required \(CI=true or REQUIRE_POSTGRES=1\) but could not run: initdb\/pg_ctl not found\. Install it \(Debian: apt-get install -y postgresql\)/);
    vi.stubEnv("CI", "");
    vi.stubEnv("REQUIRE_POSTGRES", "1");
    await expect(startThrowawayPostgres()).rejects.toThrow(/PostgreSQL is required/);
  });

  it("skips with a loud warning elsewhere", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockReturnValue(true);
    vi.stubEnv("POSTGRES_BINDIR", "/nonexistent");
    vi.stubEnv("CI", "");
    vi.stubEnv("REQUIRE_POSTGRES", "");
    await expect(startThrowawayPostgres()).resolves.toBeNull();
    expect(String(stderr.mock.calls[0]?.[0])).toContain("PostgreSQL suite SKIPPED: initdb/pg_ctl not found");
  });
});
