import "server-only";
import { sql } from "drizzle-orm";
import { databaseHandle } from "@/server/db/client";
import { env } from "@/env";
import { log } from "@/server/log";

export type HealthReport = {
  ok: boolean;
  /** A failure says only "unavailable": the database's own message (host names, users, paths) goes to the log. */
  database: { ok: boolean; kind?: "pglite" | "postgres"; latencyMs?: number; error?: "unavailable" };
  mail: { kind: "outbox" | "smtp" };
  /** Which storage this process writes to: with several processes on several hosts it must be s3 everywhere. */
  storage: { kind: "local" | "s3" };
};

/** What /api/health reports. Each outside dependency the process relies on has a key here. */
export async function checkHealth(): Promise<HealthReport> {
  const started = Date.now();
  let database: HealthReport["database"];
  try {
    const handle = await databaseHandle();
    await handle.db.execute(sql`select 1`);
    database = { ok: true, kind: handle.kind, latencyMs: Date.now() - started };
  } catch (error) {
    log.error("health.database_failed", { error });
    database = { ok: false, error: "unavailable" };
  }
  return { ok: database.ok, database, mail: { kind: env().SMTP_URL ? "smtp" : "outbox" }, storage: { kind: env().S3_BUCKET ? "s3" : "local" } };
}
