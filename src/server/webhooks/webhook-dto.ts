import type { webhookEndpoint } from "@/server/db/schema";

/** `keyId`: the key whose work alone the endpoint gets; null: all of the account's work. */
export type WebhookEndpointDto = { id: string; url: string; mode: "live" | "test"; keyId: string | null; createdAt: string };
export type WebhookDeliveryDto = { id: string; eventId: string; type: string; state: "pending" | "delivered" | "failed"; attempts: number; lastStatus: number | null; lastError: string | null; createdAt: string; nextAttemptAt: string | null };


export function toWebhookEndpointDto(row: typeof webhookEndpoint.$inferSelect): WebhookEndpointDto {
  return { id: row.id, url: row.url, mode: row.mode, keyId: row.keyId, createdAt: row.createdAt.toISOString() };
}
