import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Handle } from "@/server/db/client";
import { user } from "@/server/db/schema";
import { createDatabase } from "./postgres";
import { install } from "@/server/process-singletons";

export type TestDatabase = { name: "pglite" | "postgres"; open: () => Promise<Handle> };

/**
 * The databases every persistence test runs against: PGlite always, PostgreSQL when the global setup
 * could start a throwaway cluster (it says loudly when it could not). Each open() is a fresh database; a PGlite
 * one starts from the migrated template the global setup dumped.
 */
export function testDatabases(): TestDatabase[] {
  const template = inject("pgliteTemplate");
  const list: TestDatabase[] = [{ name: "pglite", open: () => openDatabase({ dataDir: "memory", from: new Blob([readFileSync(template)]) }) }];
  const url = inject("postgresUrl");
  if (url) {
    list.push({
      name: "postgres",
      open: async () => openDatabase({ databaseUrl: await createDatabase(url, `t_${randomUUID().replace(/-/g, "").slice(0, 12)}`), dataDir: "unused" }),
    });
  }
  return list;
}

/** Makes getDb() in domain code return this handle, as the app's singleton would. */
export function installDatabase(handle: Handle) {
  install("db", Promise.resolve(handle));
}

/**
 * For a describe block on one embedded database: opened and installed before its tests, closed after.
 * Returns the handle's getter (the handle exists only once beforeAll has run).
 */
export function useInstalledPglite(): () => Handle {
  let handle: Handle | undefined;
  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    installDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
  return () => handle!;
}

export async function insertUser(handle: Handle, options: { email?: string; verified?: boolean } = {}) {
  const id = randomUUID();
  await handle.db.insert(user).values({ id, name: "Test", email: options.email ?? `${id}@example.test`, emailVerified: options.verified ?? true });
  return id;
}
