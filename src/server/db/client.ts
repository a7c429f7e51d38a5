import "server-only";
import path from "node:path";
import { mkdir } from "node:fs/promises";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { env } from "@/env";
import { log } from "@/server/log";
import { forget, remember } from "@/server/process-singletons";
import { drizzleTextParsers, withInstanceParsers } from "./pglite-for-drizzle";
import { claimDataDir } from "./claim-data-dir";
import { migrationsFolder } from "./migrations-folder";

/** PGlite and node-postgres databases share this type, so domain code never knows which one it has. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Handle = { db: Db; kind: "pglite" | "postgres"; close: () => Promise<void> };

/** Any constant shared by every process of this application ("aranzer" in ASCII, truncated to fit a bigint). */
const MIGRATION_LOCK = 0x6172616e7a6572;

/**
 * Opens and migrates the database: PostgreSQL when a URL is given, else PGlite under dataDir ("memory" for tests).
 * `from`: for "memory", a data directory dumped by PGlite's dumpDataDir() to start from instead of an empty one
 * (the tests' migrated template: 0.5 s to load here, where creating an empty database takes 2.5–4 s).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; from?: Blob }): Promise<Handle> {
  if (options.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema, casing: "snake_case" });
    // Web and worker processes may start together on a fresh database: one migrates, the others wait
    // for it (the migrator itself takes no lock) and then find nothing left to do.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(client, { schema, casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  let release = () => {};
  if (options.dataDir === "memory") {
    client = await PGlite.create({ ...PGLITE_OPTIONS, ...(options.from ? { loadDataDir: options.from } : {}) });
  } else {
    const dir = path.resolve(options.dataDir, "db");
    await mkdir(dir, { recursive: true });
    release = claimDataDir(path.resolve(options.dataDir));
    try {
      client = await PGlite.create(dir, PGLITE_OPTIONS);
    } catch (error) {
      release();
      throw error;
    }
  }
  const db = drizzle(withInstanceParsers(client), { schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers become resident WebAssembly memory that never shrinks; the
 * embedded database holds a few megabytes, and the operating system caches its files anyway. 16 MB took the
 * restarted server about 100 MB lower (docs/benchmarks.md, "Memory"). The parsers are drizzle's
 * (src/server/db/pglite-for-drizzle.ts).
 */
const PGLITE_OPTIONS = { postgresqlconf: ["shared_buffers=16MB"], parsers: drizzleTextParsers };

// One handle per process, shared by the proxy and the app bundles (they are separate module graphs),
// because two PGlite instances on one directory silently lose writes.
export function databaseHandle(): Promise<Handle> {
  return remember("db", () =>
    (async () => {
      const { DATABASE_URL, DATA_DIR } = env();
      const started = Date.now();
      const handle = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
      log.info("db.ready", { kind: handle.kind, ms: Date.now() - started });
      return handle;
    })().catch((error: unknown) => {
      forget("db");
      throw error;
    }),
  );
}

export async function getDb(): Promise<Db> {
  return (await databaseHandle()).db;
}
