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
  /** For a correction: the invoice it corrects, and why. */
  corrects: { number: string; issuedAt: Date; ksefNumber: string | null; reason: string } | null;
};
