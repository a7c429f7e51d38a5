import type { ApiKeyMode, ApiScope } from "@/config/api";
import type { apiKey } from "@/server/db/schema";

/** A key as its owner sees it in the settings: never its secret, only its first characters. */
export type ApiKeyDto = {
  id: string;
  name: string;
  mode: ApiKeyMode;
  prefix: string;
  scopes: ApiScope[];
  concurrency: number | null;
  state: "active" | "expired" | "revoked";
  expiresAt: string | null;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
  createdAt: string;
};

export function toApiKeyDto(row: typeof apiKey.$inferSelect, now: Date): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    concurrency: row.concurrency,
    state: row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active",
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress,
    createdAt: row.createdAt.toISOString(),
  };
}
