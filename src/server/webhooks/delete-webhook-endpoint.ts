import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { webhookEndpoint } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/** Deletes one of the owner's endpoints with its log; another account's is NOT_FOUND. */
export async function deleteWebhookEndpoint(options: { ownerId: string; endpointId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  const gone = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, options.endpointId), eq(webhookEndpoint.ownerId, options.ownerId)))
    .returning({ id: webhookEndpoint.id });
  if (gone.length === 0) throw new AppError("NOT_FOUND");
}
