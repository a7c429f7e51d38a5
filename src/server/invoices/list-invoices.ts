import "server-only";
import { desc, eq, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { invoice, teamMember } from "@/server/db/schema";

export type InvoiceSummary = { id: string; kind: "invoice" | "correction"; number: string; issuedAt: string; grossGrosze: number; productId: string; teamId: string | null; ksefNumber: string | null };

/** The person's invoices and those of the teams they own, newest first. */
export async function listInvoices(options: { userId: string; db?: DbOrTx }): Promise<InvoiceSummary[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ id: invoice.id, kind: invoice.kind, number: invoice.number, issuedAt: invoice.issuedAt, grossGrosze: invoice.grossGrosze, productId: invoice.productId, teamId: invoice.teamId, ksefNumber: invoice.ksefNumber })
    .from(invoice)
    .where(or(eq(invoice.userId, options.userId), sql`${invoice.teamId} in (select ${teamMember.teamId} from ${teamMember} where ${teamMember.userId} = ${options.userId} and ${teamMember.role} = 'owner')`))
    .orderBy(desc(invoice.issuedAt));
  return rows.map((r) => ({ ...r, issuedAt: r.issuedAt.toISOString() }));
}
