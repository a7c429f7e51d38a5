import "server-only";
import { createHash } from "node:crypto";
import { and, eq, like, or } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { batch } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/** Object keys in one order at every depth, so two equal requests serialise alike. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sorted(v)]))
      : value;

/**
 * The batches an earlier Generate of this person made under the request's requestId (a single Generate's one,
 * a listing Generate's one per photo under `<requestId>:<photoId>`) when it asked for the same: a retry, whose
 * answer is the first one's. The same requestId sent with another request (another photo, listing, mode, style,
 * variations or parameters) is refused, as Stripe refuses an idempotency key reused with another body:
 * IDEMPOTENCY_KEY_REUSED (422, reason requestReused), before anything is spent. `request` is the checked request
 * (for a listing, with its id); `fingerprint`, its SHA-256 without the requestId, is what a new batch keeps.
 */
export async function findEarlierRequest(options: { db: DbOrTx; userId: string; request: { requestId: string } & Record<string, unknown> }): Promise<{ batchIds: string[]; fingerprint: string }> {
  const { requestId, ...asked } = options.request;
  const fingerprint = createHash("sha256").update(JSON.stringify(sorted(asked))).digest("hex");
  // A requestId is a UUID (checked by the request's schema): nothing in it is special to LIKE.
  const earlier = await options.db
    .select({ id: batch.id, requestHash: batch.requestHash })
    .from(batch)
    .where(and(eq(batch.userId, options.userId), or(eq(batch.requestId, requestId), like(batch.requestId, `${requestId}:%`))));
  // Batches made before fingerprints were kept (null) are taken at their word.
  if (earlier.some((b) => b.requestHash !== null && b.requestHash !== fingerprint)) throw new AppError("IDEMPOTENCY_KEY_REUSED", { reason: "requestReused" });
  return { batchIds: earlier.map((b) => b.id), fingerprint };
}
