import "server-only";
import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { payment } from "@/server/db/schema";

/** The user's payment history, newest first: paid and failed, subscriptions, renewals and packs. */
export async function listPayments(db: DbOrTx, userId: string) {
  return db
    .select({
      id: payment.id,
      kind: payment.kind,
      productId: payment.productId,
      amountGrosze: payment.amountGrosze,
      status: payment.status,
      tokens: payment.tokens,
      refundedGrosze: payment.refundedGrosze,
      periodEnd: payment.periodEnd,
      createdAt: payment.createdAt,
      provider: payment.provider,
    })
    .from(payment)
    .where(eq(payment.userId, userId))
    .orderBy(desc(payment.createdAt))
    .limit(100);
}
