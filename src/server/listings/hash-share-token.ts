import { createHash } from "node:crypto";

/** What is stored of a client link's token: its SHA-256, so the table cannot be turned back into links. */
export function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
