import { startThrowawayPostgres, type ThrowawayPostgres } from "./postgres";

let cluster: ThrowawayPostgres | null = null;

/** Starts one throwaway PostgreSQL cluster for the whole run when the binaries exist, and says so loudly when not. */
export async function setup({ provide }: { provide: (key: "postgresUrl", value: string | null) => void }) {
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
