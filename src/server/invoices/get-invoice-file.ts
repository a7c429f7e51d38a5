import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import type { Locale } from "@/config/routes";
import { getDb, type DbOrTx } from "@/server/db/client";
import { invoice, teamMember } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { invoiceFileName } from "./invoice-file-name";
import { renderInvoicePdf } from "./render-invoice-pdf";
import { toInvoiceDocument } from "./to-invoice-document";

/**
 * An invoice as a file: its FA(3) XML as kept, or a PDF in the reader's language made from the same data.
 * The buyer, and the owner of the team it was bought for, may have it; anyone else gets NOT_FOUND.
 */
export async function getInvoiceFile(options: { userId: string; invoiceId: string; format: "pdf" | "xml"; locale: Locale; db?: DbOrTx }): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select()
    .from(invoice)
    .where(
      and(
        eq(invoice.id, options.invoiceId),
        or(eq(invoice.userId, options.userId), sql`${invoice.teamId} in (select ${teamMember.teamId} from ${teamMember} where ${teamMember.userId} = ${options.userId} and ${teamMember.role} = 'owner')`),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  const fileName = invoiceFileName({ number: row.number, format: options.format, locale: options.locale });
  if (options.format === "xml") return { data: Buffer.from(row.xml, "utf8"), contentType: "application/xml; charset=utf-8", fileName };
  const [corrected] = row.correctsInvoiceId ? await db.select().from(invoice).where(eq(invoice.id, row.correctsInvoiceId)) : [];
  const data = await renderInvoicePdf({ ...toInvoiceDocument(row, corrected ?? null, options.locale), ksefNumber: row.ksefNumber }, options.locale);
  return { data, contentType: "application/pdf", fileName };
}
