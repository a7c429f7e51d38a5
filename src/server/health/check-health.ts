import "server-only";
import { sql } from "drizzle-orm";
import { databaseHandle } from "@/server/db/client";
import { env } from "@/env";

export type HealthReport = {
  ok: boolean;
  database: { ok: boolean; kind?: "pglite" | "postgres"; latencyMs?: number; error?: string };
  mail: { kind: "outbox" | "smtp" };
  /** Which storage this process writes to: with several processes on several hosts it must be s3 everywhere. */
  storage: { kind: "local" | "s3" };
};

/** What /api/health reports. Each part that later issues add (storage, queue, providers) gets a key here. */
export async function checkHealth(): Promise<HealthReport> {
  const started = Date.now();
  let database: HealthReport["database"];
  try {
    const handle = await databaseHandle();
    await handle.db.execute(sql`select 1`);
    database = { ok: true, kind: handle.kind, latencyMs: Date.now() - started };
  } catch (error) {
    database = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { ok: database.ok, database, mail: { kind: env().SMTP_URL ? "smtp" : "outbox" }, storage: { kind: env().S3_BUCKET ? "s3" : "local" } };
}
