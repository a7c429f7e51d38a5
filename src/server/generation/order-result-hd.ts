import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { batch, image, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { getBalance } from "@/server/tokens/get-balance";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { ownedBy } from "@/server/images/owned-by";

export type ResultHdState = "ready" | "queued" | "running";

/**
 * Orders the 4K copy of one of the person's results (or of a team's they are a member of now: the copy is the
 * team's), as a listing photo's HD copy is ordered: one token, spent
 * with the order in one transaction (from the team's pool when its batch was paid from one); a worker makes it
 * (makeResultHd) and gives the token back if it cannot. Ordering again while an order waits or runs, or once
 * the copy exists, changes and costs nothing. Anyone else's result is NOT_FOUND, one without a result yet
 * NOT_FOUND (noResult), one past its hour GONE. A result of an API test key's batch (batch.free) gets its copy
 * free, as a plain resampling (makeResultHd), as a test key's listing HD copy does; a test key (`testKey`) may
 * order only those: another result's copy would spend a token (FORBIDDEN, testKeySpends).
 */
export async function orderResultHd(options: { userId: string; visualizationId: string; testKey?: boolean; db?: Db }): Promise<{ state: ResultHdState; balance: number | null }> {
  const { userId, visualizationId } = options;
  const db = options.db ?? (await getDb());
  const order = await db.transaction(async (tx) => {
    // The row lock serialises two orders of one result: the second sees the first one's state.
    const [row] = await tx
      .select({ visualization, teamId: batch.teamId, free: batch.free })
      .from(visualization)
      .innerJoin(batch, eq(batch.id, visualization.batchId))
      .where(and(eq(visualization.id, visualizationId), ownedBy(batch, { userId })))
      .for("update", { of: visualization });
    if (!row) throw new AppError("NOT_FOUND");
    const v = row.visualization;
    if (!v.resultImageId) throw new AppError("NOT_FOUND", { reason: "noResult" });
    const [result] = await tx.select({ expiresAt: image.expiresAt }).from(image).where(eq(image.id, v.resultImageId));
    if (!result || result.expiresAt <= new Date()) throw new AppError("GONE");
    if (v.hdImageId) return { state: "ready" as const, balance: null };
    if (v.hdState === "queued" || v.hdState === "running") return { state: v.hdState, balance: null };
    if (options.testKey && !row.free) throw new AppError("FORBIDDEN", { reason: "testKeySpends" });
    const attempt = v.hdAttempt + 1;
    const spent = row.free
      ? { balance: await getBalance({ db: tx, userId }) }
      : await spendTokens({ db: tx, userId, teamId: row.teamId, amount: 1, idempotencyKey: `hd-spend:visualization:${v.id}:${attempt}`, reference: `visualization:${v.id}` });
    await tx.update(visualization).set({ hdState: "queued", hdAttempt: attempt, hdOrderedAt: sql`now()`, hdLeaseUntil: null }).where(eq(visualization.id, v.id));
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}`);
    return { state: "queued" as const, balance: spent.balance };
  });
  // This process's HD worker hears it at once (the NOTIFY above reaches the others on PostgreSQL).
  if (order.state === "queued") signalHere("jobs", "*");
  return order;
}
