import "server-only";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import { apiKey } from "@/server/db/schema";

/** The keys of an account: a team's (whoever of its owners and admins made them), or the person's own, never a team's. */
export function keysOf(account: { ownerId: string; teamId: string | null }): SQL {
  return account.teamId ? eq(apiKey.teamId, account.teamId) : and(eq(apiKey.ownerId, account.ownerId), isNull(apiKey.teamId))!;
}
