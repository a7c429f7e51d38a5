import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { WEBHOOK_RETRY_SECONDS, WEBHOOK_TIMEOUT_MS } from "@/config/api";
import type { Db } from "@/server/db/client";
import { webhookDelivery, webhookEndpoint } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { fetchPublicUrl } from "@/server/http/fetch-public-url";
import { log } from "@/server/log";
import { signWebhook } from "./sign-webhook";

type Delivery = typeof webhookDelivery.$inferSelect;

/**
 * Sends the deliveries that are due, a few at a time (tests; the job runner claims and sends them one by one).
 * Each is leased first (so two processes never send the same one at once), POSTed with its signature and a
 * WEBHOOK_TIMEOUT_MS limit, then marked delivered on any 2xx, or retried after the next WEBHOOK_RETRY_SECONDS
 * step (about a day in all) and marked failed after the last. A live endpoint is never called on a private or
 * loopback address (checked after DNS, per attempt); a test endpoint may be. The response's status (or why
 * there was none) goes to the delivery log.
 */
export async function deliverDueWebhooks(options: { db: Db; limit?: number; timeoutMs?: number; now?: () => Date }): Promise<number> {
  const due = await claimDueWebhooks(options);
  await Promise.all(due.map((delivery) => deliverWebhook({ db: options.db, delivery, timeoutMs: options.timeoutMs })));
  return due.length;
}

/** Up to `limit` due deliveries, oldest first, each leased for twice the timeout and its attempt counted. */
export async function claimDueWebhooks(options: { db: Db; limit?: number; timeoutMs?: number; now?: () => Date }): Promise<Delivery[]> {
  const now = options.now?.() ?? new Date();
  const leaseUntil = new Date(now.getTime() + (options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) * 2);
  return options.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: webhookDelivery.id })
      .from(webhookDelivery)
      .where(and(eq(webhookDelivery.state, "pending"), lte(webhookDelivery.nextAttemptAt, now), or(isNull(webhookDelivery.leaseUntil), lt(webhookDelivery.leaseUntil, now))))
      .orderBy(asc(webhookDelivery.nextAttemptAt))
      .limit(options.limit ?? 10)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    return tx
      .update(webhookDelivery)
      .set({ leaseUntil, attempts: sql`${webhookDelivery.attempts} + 1` })
      .where(inArray(webhookDelivery.id, ids))
      .returning();
  });
}

/** One claimed delivery's attempt: sent, then recorded as delivered, to be retried, or failed. */
export async function deliverWebhook(options: { db: Db; delivery: Delivery; timeoutMs?: number }): Promise<void> {
  const { db, delivery } = options;
  const [endpoint] = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, delivery.endpointId));
  if (!endpoint) return;
  let status: number | null = null;
  let error: string | null = null;
  try {
    const response = await fetchPublicUrl({
      url: endpoint.url,
      method: "POST",
      headers: {
        "content-type": "application/json",
        "aranzer-signature": signWebhook({ secret: endpoint.secret, body: delivery.payload, timestamp: Math.floor(Date.now() / 1000) }),
        "aranzer-event-id": delivery.eventId,
      },
      body: delivery.payload,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      allowPrivate: endpoint.mode === "test",
      maxRedirects: 0,
    });
    status = response.status;
    await response.body.cancel().catch(() => undefined);
  } catch (caught) {
    error = isAppError(caught) ? String(caught.details.reason ?? caught.code) : "unreachable";
  }
  const ok = status !== null && status >= 200 && status < 300;
  const retryIn = WEBHOOK_RETRY_SECONDS[delivery.attempts - 1];
  const settled = ok ? "delivered" : retryIn === undefined || error === "privateAddress" ? "failed" : "pending";
  await db
    .update(webhookDelivery)
    .set({
      state: settled,
      lastStatus: status,
      lastError: ok ? null : (error ?? `status ${status}`),
      leaseUntil: null,
      deliveredAt: ok ? new Date() : null,
      nextAttemptAt: settled === "pending" ? new Date(Date.now() + retryIn! * 1000) : delivery.nextAttemptAt,
    })
    .where(eq(webhookDelivery.id, delivery.id));
  log.info("webhook.attempt", { delivery: delivery.id, type: delivery.type, attempt: delivery.attempts, status, failure: error, state: settled });
}
