import "server-only";
import { env } from "@/env";
import { SOURCE_MIN_REMAINING_SHARE } from "@/config/generation";

/**
 * Whether a photo has enough of its hour left to start a batch from: a batch goes with its photo, so one
 * about to be deleted would take its results with it before they could be seen.
 */
export function enoughTimeLeft(expiresAt: Date, now: Date = new Date()): boolean {
  return expiresAt.getTime() - now.getTime() >= env().IMAGE_TTL_SECONDS * 1000 * SOURCE_MIN_REMAINING_SHARE;
}
