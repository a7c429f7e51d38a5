import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { billingDetails, type BuyerDetails } from "@/server/db/schema";
import { invalidInput } from "@/server/invalid-input";
import { billingDetailsSchema, parseTaxId, type BillingDetailsInput } from "@/schemas/invoices";

/** Remembers (or changes) the company an invoice goes to; the country follows the tax id (a NIP is Polish). */
export async function saveBillingDetails(options: { userId: string; details: BillingDetailsInput; db?: DbOrTx }): Promise<BuyerDetails> {
  const parsed = billingDetailsSchema.safeParse(options.details);
  if (!parsed.success) throw invalidInput(parsed.error);
  const id = parseTaxId(parsed.data.taxId)!;
  // Greece's VAT prefix is EL, its country code GR.
  const country = id.kind === "nip" ? "PL" : id.country === "EL" ? "GR" : id.country === "XI" ? "GB" : id.country;
  const details: BuyerDetails = { ...parsed.data, country };
  const db = options.db ?? (await getDb());
  await db.insert(billingDetails).values({ userId: options.userId, details }).onConflictDoUpdate({ target: billingDetails.userId, set: { details, updatedAt: new Date() } });
  return details;
}
