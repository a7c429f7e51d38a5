import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { invoiceCounter } from "@/server/db/schema";

/**
 * The next number of a series in the year of `issuedAt`: the counter row is taken by an upsert and stays locked until the
 * caller's transaction ends, so parallel invoices get consecutive numbers, and a transaction that rolls back
 * gives its number back. Call it inside the transaction that writes the invoice.
 */
export async function nextInvoiceNumber(tx: DbOrTx, series: "FV" | "KOR", issuedAt: Date): Promise<{ year: number; seq: number; number: string }> {
  // The series starts again each calendar year, in Polish time.
  const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Warsaw", year: "numeric" }).format(issuedAt));
  const [row] = await tx
    .insert(invoiceCounter)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounter.series, invoiceCounter.year], set: { last: sql`${invoiceCounter.last} + 1` } })
    .returning({ last: invoiceCounter.last });
  const seq = row!.last;
  return { year, seq, number: `${series}/${seq}/${year}` };
}
