import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { webhookDelivery, webhookEndpoint } from "@/server/db/schema";
import { toWebhookEndpointDto, type WebhookDeliveryDto } from "./webhook-dto";

/** The account's endpoints with their secrets and their last deliveries (newest first), for the settings page. */
export async function listWebhookEndpoints(options: { ownerId: string; deliveries?: number; db?: DbOrTx }) {
  const db = options.db ?? (await getDb());
  const endpoints = await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.ownerId, options.ownerId)).orderBy(desc(webhookEndpoint.createdAt));
  const ids = endpoints.map((e) => e.id);
  const deliveries = ids.length
    ? await db.select().from(webhookDelivery).where(inArray(webhookDelivery.endpointId, ids)).orderBy(desc(webhookDelivery.createdAt)).limit((options.deliveries ?? 20) * ids.length)
    : [];
  return endpoints.map((e) => ({
    ...toWebhookEndpointDto(e),
    secret: e.secret,
    deliveries: deliveries
      .filter((d) => d.endpointId === e.id)
      .slice(0, options.deliveries ?? 20)
      .map(
        (d): WebhookDeliveryDto => ({
          id: d.id,
          eventId: d.eventId,
          type: d.type,
          state: d.state,
          attempts: d.attempts,
          lastStatus: d.lastStatus,
          lastError: d.lastError,
          createdAt: d.createdAt.toISOString(),
          nextAttemptAt: d.state === "pending" ? d.nextAttemptAt.toISOString() : null,
        }),
      ),
  }));
}

