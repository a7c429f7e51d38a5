import "server-only";
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { IDEMPOTENCY_TTL_MS } from "@/config/api";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiIdempotency } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export type StoredAnswer = { status: number; body: string };

/**
 * The fingerprint of a body the work reads as a stream (an upload), known only once it is read: `afterWork` is
 * the fingerprint of what the work read, or null when it left part of the body unread; `withoutWork` reads the
 * rest of the body to its end and answers the fingerprint, for a repeat that runs no work.
 */
export type StreamedFingerprint = { afterWork: () => string | null; withoutWork: () => Promise<string> };

/** What makes two requests "the same" under one Idempotency-Key: the method, the path and the exact body. */
export function requestFingerprint(method: string, path: string, body: string | Uint8Array): string {
  return fingerprintHash(method, path).update(body).digest("hex");
}

/** The SHA-256 a fingerprint is, with the method and path already in it (the body follows). */
export function fingerprintHash(method: string, path: string) {
  return createHash("sha256").update(`${method} ${path}\n`);
}

/**
 * A write under an Idempotency-Key (as Stripe's): the first request runs `work` and its answer is kept for a
 * day; the same key with the same fingerprint gets that answer again without running anything; the same key
 * with another fingerprint is IDEMPOTENCY_KEY_REUSED (422); while the first is still running, CONFLICT (409,
 * reason idempotencyInFlight). An answer of 500 or more is not kept, so a retry runs the work again (the
 * domain functions it calls are idempotent themselves through their request ids); nor is one given without
 * reading the whole of a streamed body (a refusal before the upload was read), whose fingerprint is unknown.
 */
export async function runIdempotent(options: {
  keyId: string;
  idempotencyKey: string;
  fingerprint: string | StreamedFingerprint;
  work: () => Promise<StoredAnswer>;
  db?: DbOrTx;
  now?: Date;
}): Promise<StoredAnswer & { replayed: boolean }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const where = and(eq(apiIdempotency.keyId, options.keyId), eq(apiIdempotency.idempotencyKey, options.idempotencyKey));
  // A key's record past its day is forgotten: the key may be used afresh.
  await db.delete(apiIdempotency).where(and(where, lt(apiIdempotency.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const claimed = await db
    .insert(apiIdempotency)
    // A streamed body's fingerprint is written once the work has read it; until then the record is in flight.
    .values({ keyId: options.keyId, idempotencyKey: options.idempotencyKey, requestHash: typeof options.fingerprint === "string" ? options.fingerprint : "", createdAt: now })
    .onConflictDoNothing()
    .returning({ keyId: apiIdempotency.keyId });
  if (claimed.length === 0) {
    const [earlier] = await db.select().from(apiIdempotency).where(where);
    if (!earlier || earlier.status === null || earlier.body === null) throw new AppError("CONFLICT", { reason: "idempotencyInFlight" });
    const fingerprint = typeof options.fingerprint === "string" ? options.fingerprint : await options.fingerprint.withoutWork();
    if (earlier.requestHash !== fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED");
    return { status: earlier.status, body: earlier.body, replayed: true };
  }
  let answer: StoredAnswer;
  try {
    answer = await options.work();
  } catch (error) {
    await db.delete(apiIdempotency).where(where);
    throw error;
  }
  const fingerprint = typeof options.fingerprint === "string" ? options.fingerprint : options.fingerprint.afterWork();
  if (answer.status >= 500 || fingerprint === null) await db.delete(apiIdempotency).where(where);
  else await db.update(apiIdempotency).set({ requestHash: fingerprint, status: answer.status, body: answer.body }).where(where);
  return { ...answer, replayed: false };
}
