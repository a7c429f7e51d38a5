import "server-only";
import { eq } from "drizzle-orm";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getDb, type Db } from "@/server/db/client";
import { apiResultHdOrder, visualization } from "@/server/db/schema";
import { orderResultHd, type ResultHdState } from "@/server/generation/order-result-hd";
import { resultOf } from "./result-of";

/**
 * Orders one result's 4K copy through the API (orderResultHd: one token, nothing more however often it is
 * asked; free for a test key's results, which are all a test key may order) and remembers the key and the
 * order's attempt, so that hd.ready follows when it is made. A result that is not of this visualization of the
 * caller's account is NOT_FOUND.
 */
export async function orderApiResultHd(options: { caller: ApiCaller; visualizationId: string; resultId: string; db?: Db }): Promise<{ state: ResultHdState; balance: number | null }> {
  const { caller, resultId } = options;
  const db = options.db ?? (await getDb());
  await resultOf({ db, ownerId: caller.ownerId, visualizationId: options.visualizationId, resultId });
  const order = await orderResultHd({ db, userId: caller.ownerId, visualizationId: resultId, testKey: caller.mode === "test" });
  if (order.state !== "ready") {
    const [row] = await db.select({ attempt: visualization.hdAttempt }).from(visualization).where(eq(visualization.id, resultId));
    const values = { visualizationId: resultId, keyId: caller.keyId, ownerId: caller.ownerId, attempt: row!.attempt };
    await db.insert(apiResultHdOrder).values(values).onConflictDoUpdate({ target: apiResultHdOrder.visualizationId, set: { keyId: values.keyId, attempt: values.attempt } });
  }
  return order;
}
