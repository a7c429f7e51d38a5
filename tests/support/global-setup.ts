import { startThrowawayPostgres, type ThrowawayPostgres } from "./postgres";

let cluster: ThrowawayPostgres | null = null;

/**
 * Starts one throwaway PostgreSQL cluster for the whole run when the binaries exist, and says so loudly when
 * not (or fails the run where PostgreSQL is required: CI=true, REQUIRE_POSTGRES=1). TEST_DATABASES=pglite
 * (`npm run test:quick`) runs the persistence tests on PGlite alone, on purpose.
 */
export async function setup({ provide }: { provide: (key: "postgresUrl", value: string | null) => void }) {
  if (process.env.TEST_DATABASES === "pglite") {
    process.stderr.write("\n!!  TEST_DATABASES=pglite: the PostgreSQL suite is left out of this run (npm test runs it).\n\n");
    provide("postgresUrl", null);
    return;
  }
  cluster = await startThrowawayPostgres();
  provide("postgresUrl", cluster?.url ?? null);
}

export async function teardown() {
  await cluster?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}
