import { createHash } from "node:crypto";

/**
 * What the database keeps of a key: SHA-256 of the whole secret, hex. The secret is 256 random bits, so a
 * fast hash is enough (a slow one guards low-entropy passwords; decision record 0042), and the lookup is one
 * indexed equality.
 */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}
