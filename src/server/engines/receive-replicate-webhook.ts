import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getDb, type Db } from "@/server/db/client";
import { publish } from "@/server/realtime/signals";

/** How far a delivery's timestamp may be from our clock; an older one may be a replay (Replicate's webhook docs ask for a timestamp check; the client's validateWebhook does none). */
const TOLERANCE_MS = 5 * 60 * 1000;

export type WebhookOutcome = "accepted" | "bad-signature" | "not-a-prediction";

/**
 * A delivery of Replicate's webhook: accepted only when signed with our secret (Standard Webhooks: base64
 * HMAC-SHA256 of "id.timestamp.body" keyed with the base64 after `whsec_`, compared in constant time, and
 * within five minutes of our clock, which the client's validateWebhook checks neither of). It becomes a
 * signal to the engine waiting for that prediction, in this process or any other on PostgreSQL. The signal
 * carries nothing: the engine asks Replicate for the prediction itself, so a repeated or late delivery, or one
 * for a prediction nobody waits for any more, changes nothing.
 */
export async function receiveReplicateWebhook(options: { db?: Db; secret: string; headers: Headers; rawBody: string; now?: number }): Promise<WebhookOutcome> {
  const { headers, rawBody } = options;
  const id = headers.get("webhook-id");
  const timestamp = headers.get("webhook-timestamp");
  const signatures = headers.get("webhook-signature");
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return "bad-signature";
  if (Math.abs((options.now ?? Date.now()) - Number(timestamp) * 1000) > TOLERANCE_MS) return "bad-signature";

  const key = Buffer.from(options.secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${rawBody}`).digest();
  const matches = signatures.split(" ").some((entry) => {
    const [version, signature] = entry.split(",");
    const given = Buffer.from(signature ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return "bad-signature";

  let predictionId: unknown;
  try {
    predictionId = (JSON.parse(rawBody) as { id?: unknown }).id;
  } catch {
    return "not-a-prediction";
  }
  if (typeof predictionId !== "string" || !predictionId) return "not-a-prediction";
  await publish(options.db ?? (await getDb()), "prediction", predictionId);
  return "accepted";
}
