import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migratedPglite } from "./pglite-template";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./postgres";

let cluster: ThrowawayPostgres | null = null;
let templateDir: string | null = null;

/**
 * One migrated embedded database, dumped to a file that every PGlite test database starts from
 * (tests/support/databases.ts): loading it takes about 0.5 s, creating and migrating an empty one 3–4 s, and
 * the run opens a few dozen.
 */
async function pgliteTemplate(): Promise<string> {
  const dump = await migratedPglite();
  templateDir = mkdtempSync(path.join(tmpdir(), "aranzer-pglite-template-"));
  const file = path.join(templateDir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * Starts one throwaway PostgreSQL cluster for the whole run when the binaries exist, and says so loudly when
 * not (or fails the run where PostgreSQL is required: CI=true, REQUIRE_POSTGRES=1). TEST_DATABASES=pglite
 * (`npm run test:quick`) runs the persistence tests on PGlite alone, on purpose.
 */
export async function setup({ provide }: { provide: <K extends "postgresUrl" | "pgliteTemplate">(key: K, value: ProvidedValues[K]) => void }) {
  const template = pgliteTemplate();
  if (process.env.TEST_DATABASES === "pglite") {
    process.stderr.write("\n!!  TEST_DATABASES=pglite: the PostgreSQL suite is left out of this run (npm test runs it).\n\n");
    provide("postgresUrl", null);
  } else {
    cluster = await startThrowawayPostgres();
    provide("postgresUrl", cluster?.url ?? null);
  }
  provide("pgliteTemplate", await template);
}

export async function teardown() {
  await cluster?.stop();
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}

type ProvidedValues = { postgresUrl: string | null; pgliteTemplate: string };

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** The migrated PGlite database every PGlite test database starts from (a dumpDataDir() tar file). */
    pgliteTemplate: string;
  }
}
