import type { BuyerDetails } from "@/server/db/schema";

/** Everything an invoice says, as stored with it: what the XML and the PDF are both made of. */
export type InvoiceDocument = {
  kind: "invoice" | "correction";
  number: string;
  issuedAt: Date;
  paidAt: Date;
  periodStart: Date;
  periodEnd: Date;
  seller: BuyerDetails;
  buyer: BuyerDetails;
  /** The line as the buyer bought it: "Aranżer Pro – subskrypcja miesięczna (500 tokenów)". */
  item: string;
  grossGrosze: number;
  netGrosze: number;
  vatGrosze: number;
  /** A business in another EU country: no Polish VAT, the buyer accounts for it ("odwrotne obciążenie"). */
  reverseCharge: boolean;
  /** For a correction: the invoice it corrects (its gross tells a full refund from a partial one), and why. */
  corrects: { number: string; issuedAt: Date; ksefNumber: string | null; grossGrosze: number; reason: string } | null;
};
