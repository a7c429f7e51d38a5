import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { webhookEndpoint } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { publish } from "@/server/realtime/signals";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";

/** Queues a `test` event for one of the owner's endpoints ("send test event"); another account's is NOT_FOUND. */
export async function sendTestWebhook(options: { ownerId: string; endpointId: string; db?: DbOrTx }): Promise<string> {
  const db = options.db ?? (await getDb());
  const [endpoint] = await db.select().from(webhookEndpoint).where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.ownerId, options.ownerId)));
  if (!endpoint) throw new AppError("NOT_FOUND");
  const id = await enqueueWebhookEvent({ db, ownerId: options.ownerId, endpointId: endpoint.id, type: "test", test: endpoint.mode === "test", data: { message: "A test event from Aranżer." } });
  // The webhook runner wakes for it, in whichever process it runs.
  await publish(db, "jobs", "*");
  return id;
}
