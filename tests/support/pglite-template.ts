import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "@/server/db/migrations-folder";

/**
 * A migrated, empty embedded database for tests to start from: creating and migrating one takes 3–4 s here,
 * loading a dump of it about 0.5 s and copying its directory less. `dir`: made there (a server's DATA_DIR/db
 * is a copy of it); without it, in memory, and its dump (dumpDataDir) is returned.
 */
export async function migratedPglite(dir: string): Promise<void>;
export async function migratedPglite(): Promise<Blob>;
export async function migratedPglite(dir?: string): Promise<Blob | void> {
  const client = dir ? await PGlite.create(dir) : await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    if (!dir) return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}
