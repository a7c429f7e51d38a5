import "server-only";
import { randomBytes } from "node:crypto";
import { and, count, isNull } from "drizzle-orm";
import { z } from "zod";
import { API_CONCURRENCY_MAX, API_KEY_NAME_MAX, API_KEYS_PER_ACCOUNT, apiKeyModes, apiScopes } from "@/config/api";
import { getDb, type DbOrTx } from "@/server/db/client";
import { newId } from "@/server/db/new-id";
import { apiKey } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { invalidInput } from "@/server/invalid-input";
import { hashApiKey } from "./hash-api-key";
import { keysOf } from "./keys-of";
import { toApiKeyDto, type ApiKeyDto } from "./api-key-dto";

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "noKeyName").max(API_KEY_NAME_MAX, "keyNameTooLong"),
  mode: z.enum(apiKeyModes).default("live"),
  scopes: z.array(z.enum(apiScopes)).min(1, "noScopes").transform((list) => [...new Set(list)]),
  /** Null: it does not expire. */
  expiresAt: z.coerce.date().nullable().default(null),
  /** Results generated at once; null: the plan's default (apiConcurrencyByPlan). */
  concurrency: z.number("badConcurrency").int("badConcurrency").min(1, "badConcurrency").max(API_CONCURRENCY_MAX, "badConcurrency").nullable().default(null),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/**
 * A new key for the account (a person's, or with `teamId` a team's, made by its owner or admin: the caller has
 * checked the role): the secret is returned here once and never again (only its hash is kept).
 * An expiry in the past, or more than API_KEYS_PER_ACCOUNT live keys of the account, is INVALID_INPUT.
 */
export async function createApiKey(options: { ownerId: string; teamId?: string | null; input: CreateApiKeyInput; db?: DbOrTx; now?: Date }): Promise<{ key: ApiKeyDto; secret: string }> {
  const teamId = options.teamId ?? null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const parsed = createApiKeySchema.safeParse(options.input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  if (input.expiresAt && input.expiresAt <= now) throw new AppError("INVALID_INPUT", { field: "expiresAt", reason: "expiryPassed" });
  const [held] = await db.select({ n: count() }).from(apiKey).where(and(keysOf({ ownerId: options.ownerId, teamId }), isNull(apiKey.revokedAt)));
  if ((held?.n ?? 0) >= API_KEYS_PER_ACCOUNT) throw new AppError("INVALID_INPUT", { field: "name", reason: "tooManyKeys" });
  const secret = `az_${input.mode}_${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiKey)
    .values({
      id: newId(),
      ownerId: options.ownerId,
      teamId,
      name: input.name,
      mode: input.mode,
      prefix: secret.slice(0, 14),
      secretHash: hashApiKey(secret),
      scopes: input.scopes,
      concurrency: input.concurrency,
      expiresAt: input.expiresAt,
      createdAt: now,
    })
    .returning();
  return { key: toApiKeyDto(row!, now), secret };
}
