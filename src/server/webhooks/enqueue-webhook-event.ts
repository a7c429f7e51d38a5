import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { WebhookEventType } from "@/config/api";
import type { DbOrTx } from "@/server/db/client";
import { newId } from "@/server/db/new-id";
import { teamMember, webhookDelivery, webhookEndpoint } from "@/server/db/schema";

/**
 * One event for every endpoint of the owner in the event's mode (a test key's work goes to test endpoints,
 * a live key's and the website's to live ones) that takes the work's key (account-wide endpoints take all; one
 * registered for a key only that key's), or for one endpoint (a test event). The body is fixed here, so every
 * retry sends the same bytes under a fresh signature. A team's work is told only to endpoints whose owner is
 * still in the team: a member removed while it runs hears no more of it. Returns the event's id.
 */
export async function enqueueWebhookEvent(options: {
  db: DbOrTx;
  ownerId: string;
  /** The key that ordered the work; null for the website's. */
  keyId?: string | null;
  /** The team the work belongs to; null or absent for a person's own. */
  teamId?: string | null;
  type: WebhookEventType;
  test: boolean;
  data: Record<string, unknown>;
  endpointId?: string;
}): Promise<string> {
  const id = `evt_${randomBytes(16).toString("base64url")}`;
  const endpoints = await options.db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.ownerId, options.ownerId),
        options.endpointId
          ? eq(webhookEndpoint.id, options.endpointId)
          : and(eq(webhookEndpoint.mode, options.test ? "test" : "live"), or(isNull(webhookEndpoint.keyId), options.keyId ? eq(webhookEndpoint.keyId, options.keyId) : undefined)),
        options.teamId
          ? sql`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${options.teamId} and ${teamMember.userId} = ${webhookEndpoint.ownerId})`
          : undefined,
      ),
    );
  if (endpoints.length === 0) return id;
  const payload = JSON.stringify({ id, type: options.type, created: Math.floor(Date.now() / 1000), test: options.test, data: options.data });
  await options.db.insert(webhookDelivery).values(endpoints.map((e) => ({ id: newId(), endpointId: e.id, eventId: id, type: options.type, payload })));
  return id;
}
