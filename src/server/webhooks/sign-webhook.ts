import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_TOLERANCE_SECONDS } from "@/config/api";

/**
 * The `Aranzer-Signature` header of a delivery, as Stripe signs its own: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is signed with the body, so a captured delivery cannot be
 * replayed after the tolerance window.
 */
export function signWebhook(options: { secret: string; body: string; timestamp: number }): string {
  return `t=${options.timestamp},v1=${hmac(options.secret, options.timestamp, options.body)}`;
}

/**
 * The receiver's check (the same function the documentation shows): true only when a v1 signature in the
 * header matches the exact body with this secret and its timestamp is within `toleranceSeconds` of now.
 * Several v1 entries are allowed (a secret being rolled), any matching one suffices.
 */
export function verifyWebhookSignature(options: { secret: string; body: string; header: string | null; toleranceSeconds?: number; now?: number }): boolean {
  if (!options.header) return false;
  const parts = options.header.split(",").map((part) => part.trim().split("=") as [string, string | undefined]);
  const timestamp = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(hmac(options.secret, timestamp, options.body), "hex");
  return parts.some(([k, v]) => k === "v1" && v !== undefined && /^[0-9a-f]{64}$/.test(v) && timingSafeEqual(Buffer.from(v, "hex"), expected));
}

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}
