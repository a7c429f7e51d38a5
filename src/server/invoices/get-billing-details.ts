import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { billingDetails, type BuyerDetails } from "@/server/db/schema";

/** The company details the person's invoices go to; null for someone who never asked for an invoice. */
export async function getBillingDetails(options: { userId: string; db?: DbOrTx }): Promise<BuyerDetails | null> {
  const db = options.db ?? (await getDb());
  const [row] = await db.select({ details: billingDetails.details }).from(billingDetails).where(eq(billingDetails.userId, options.userId));
  return row?.details ?? null;
}
