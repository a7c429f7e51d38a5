/**
 * The throwaway PostgreSQL helper itself (tests/support/postgres.ts). Skipped only when the PostgreSQL
 * binaries are absent; when they exist, failing to start a cluster is a failure, not a skip.
 */
import { existsSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDatabase, findPostgresBinaries, postgresRequired, startThrowawayPostgres } from "../support/postgres";

const binaries = findPostgresBinaries();

if (!binaries) {
  process.stderr.write("\n!!  postgres-cluster.test.ts: SKIPPED as a whole — initdb/pg_ctl not found in PATH or /usr/lib/postgresql/*/bin\n");
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

// Where PostgreSQL is required the global setup has failed the run already; the suite runs and fails too.
// TEST_DATABASES=pglite (npm run test:quick) leaves PostgreSQL out on purpose.
describe.skipIf(process.env.TEST_DATABASES === "pglite" || (!binaries && !postgresRequired()))("throwaway PostgreSQL cluster", () => {
  const sharedUrl = inject("postgresUrl");

  it("the run-wide cluster from global setup is up, UTF-8, on loopback, database aranzer_test", async () => {
    expect(sharedUrl, "binaries exist, so global setup must have started a cluster").toMatch(
      /^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/aranzer_test$/,
    );
    const [row] = await query<{ db: string; enc: string; v: string }>(
      sharedUrl!,
      "select current_database() as db, pg_encoding_to_char(encoding) as enc, current_setting('server_version') as v from pg_database where datname = current_database()",
    );
    expect(row?.db).toBe("aranzer_test");
    expect(row?.enc).toBe("UTF8");
    const [echo] = await query<{ s: string }>(sharedUrl!, "select $1::text as s", ["Zażółć gęślą jaźń"]);
    expect(echo?.s).toBe("Zażółć gęślą jaźń");
  });

  it("createDatabase returns a fresh, empty database in the same cluster", async () => {
    const url = await createDatabase(sharedUrl!, "postgres_cluster_test_a");
    expect(new URL(url).port).toBe(new URL(sharedUrl!).port);
    expect(new URL(url).pathname).toBe("/postgres_cluster_test_a");

    await query(url, "create table t (id int)");
    await query(url, "insert into t values (1)");
    const [count] = await query<{ n: number }>(url, "select count(*)::int as n from t");
    expect(count?.n).toBe(1);

    // Creating it again gives an empty database (the old one is dropped).
    const again = await createDatabase(sharedUrl!, "postgres_cluster_test_a");
    const tables = await query(again, "select 1 from information_schema.tables where table_schema = 'public'");
    expect(tables).toHaveLength(0);

    // The shared database is untouched.
    const shared = await query(sharedUrl!, "select 1 from information_schema.tables where table_name = 't' and table_schema = 'public'");
    expect(shared).toHaveLength(0);
  });

  it("createDatabase rejects names that are not plain identifiers", async () => {
    await expect(createDatabase(sharedUrl!, 'x"; drop database postgres; --')).rejects.toThrow(/invalid database name/);
    await expect(createDatabase(sharedUrl!, "Upper")).rejects.toThrow(/invalid database name/);
  });

  describe("a second, private cluster", () => {
    let stop: (() => Promise<void>) | undefined;
    afterAll(async () => stop?.());

    it("starts, serves queries and stop() shuts the postmaster down and removes its directory", async () => {
      const cluster = await startThrowawayPostgres();
      expect(cluster, "binaries exist, so the cluster must start").not.toBeNull();
      stop = cluster!.stop;
      expect(cluster!.url).not.toBe(sharedUrl);
      expect(existsSync(cluster!.dir)).toBe(true);

      const [row] = await query<{ one: number }>(cluster!.url, "select 1 as one");
      expect(row?.one).toBe(1);

      await cluster!.stop();
      expect(existsSync(cluster!.dir)).toBe(false);
      await expect(query(cluster!.url, "select 1")).rejects.toThrow();
      // Calling stop twice is harmless.
      await cluster!.stop();
    });
  });
});
