import "server-only";
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { count, eq } from "drizzle-orm";
import { WEBHOOK_ENDPOINTS_PER_ACCOUNT } from "@/config/api";
import { getDb, type DbOrTx } from "@/server/db/client";
import { newId } from "@/server/db/new-id";
import { webhookEndpoint } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { isPrivateAddress } from "@/server/http/fetch-public-url";
import { toWebhookEndpointDto, type WebhookEndpointDto } from "./webhook-dto";

/**
 * A new endpoint of the account with its signing secret (`whsec_…`, returned to its owner, who may see it again
 * in the settings). A live endpoint must be https and may not name a private or loopback address (it is checked
 * again, after DNS, at every delivery); a test endpoint may be http://localhost for a developer's machine. With
 * `keyId` (one of the owner's keys) it gets only that key's events; without, all of the account's work.
 */
export async function createWebhookEndpoint(options: { ownerId: string; url: string; mode: "live" | "test"; keyId?: string | null; db?: DbOrTx }): Promise<WebhookEndpointDto & { secret: string }> {
  const db = options.db ?? (await getDb());
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new AppError("INVALID_INPUT", { field: "url", reason: "badUrl" });
  }
  if (url.username || url.password || !["https:", "http:"].includes(url.protocol)) throw new AppError("INVALID_INPUT", { field: "url", reason: "badUrl" });
  // A plain http:// address is a developer's machine: a test endpoint, never a live one.
  if (options.mode === "live" && url.protocol === "http:") throw new AppError("INVALID_INPUT", { field: "url", reason: "httpsRequired" });
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (options.mode === "live" && (host === "localhost" || (isIP(host) && isPrivateAddress(host)))) throw new AppError("INVALID_INPUT", { field: "url", reason: "privateAddress" });
  const [held] = await db.select({ n: count() }).from(webhookEndpoint).where(eq(webhookEndpoint.ownerId, options.ownerId));
  if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_PER_ACCOUNT) throw new AppError("INVALID_INPUT", { field: "url", reason: "tooManyEndpoints" });
  const [row] = await db
    .insert(webhookEndpoint)
    .values({ id: newId(), ownerId: options.ownerId, url: url.toString(), mode: options.mode, keyId: options.keyId ?? null, secret: `whsec_${randomBytes(24).toString("base64url")}` })
    .returning();
  return { ...toWebhookEndpointDto(row!), secret: row!.secret };
}

