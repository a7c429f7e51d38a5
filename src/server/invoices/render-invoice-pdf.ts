import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";
import type { Locale } from "@/config/routes";
import type { InvoiceDocument } from "./invoice-document";

/** Inter, the site's own typeface, in the TrueType cut that has every Polish letter (made by `npm run fonts`). */
const fontDir = path.join(process.cwd(), "src/web/server/og/fonts");

const labels = {
  pl: {
    invoice: "Faktura VAT",
    correction: "Faktura korygująca",
    number: "Nr",
    issued: "Data wystawienia",
    paid: "Data zapłaty",
    period: "Okres świadczenia usługi",
    seller: "Sprzedawca",
    buyer: "Nabywca",
    taxId: "NIP / VAT UE",
    item: "Usługa",
    net: "Netto",
    rate: "Stawka VAT",
    vat: "VAT",
    gross: "Brutto",
    total: "Razem do zapłaty",
    paidInFull: "Zapłacono w całości",
    corrects: "Korygowana faktura",
    reason: "Przyczyna korekty",
    ksef: "Numer KSeF",
    reverseCharge: "Odwrotne obciążenie",
    outOfScope: "np.",
  },
  en: {
    invoice: "VAT invoice",
    correction: "Correcting invoice",
    number: "No.",
    issued: "Issue date",
    paid: "Payment date",
    period: "Service period",
    seller: "Seller",
    buyer: "Buyer",
    taxId: "NIP / EU VAT",
    item: "Service",
    net: "Net",
    rate: "VAT rate",
    vat: "VAT",
    gross: "Gross",
    total: "Total",
    paidInFull: "Paid in full",
    corrects: "Corrected invoice",
    reason: "Reason for correction",
    ksef: "KSeF number",
    reverseCharge: "Reverse charge (odwrotne obciążenie)",
    outOfScope: "n/a",
  },
} as const;

/**
 * The invoice as a one-page A4 PDF in Polish or English, made of the same document as its FA(3) XML (the XML
 * is what KSeF and the accountant's software read; the PDF is for people).
 */
export function renderInvoicePdf(doc: InvoiceDocument & { ksefNumber?: string | null }, locale: Locale): Promise<Buffer> {
  const t = labels[locale];
  const sign = doc.kind === "correction" ? -1 : 1;
  const money = (grosze: number) => new Intl.NumberFormat(locale === "pl" ? "pl-PL" : "en-GB", { style: "currency", currency: "PLN" }).format((sign * grosze) / 100);
  const date = (d: Date) => new Intl.DateTimeFormat(locale === "pl" ? "pl-PL" : "en-GB", { timeZone: "Europe/Warsaw", dateStyle: "long" }).format(d);
  const pdf = new PDFDocument({ size: "A4", margin: 50, info: { Title: `${doc.kind === "correction" ? t.correction : t.invoice} ${doc.number}`, Author: doc.seller.companyName }, lang: locale });
  pdf.registerFont("regular", path.join(fontDir, "inter-400.ttf"));
  pdf.registerFont("bold", path.join(fontDir, "inter-700.ttf"));
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  pdf.font("bold").fontSize(20).text(`${doc.kind === "correction" ? t.correction : t.invoice}`);
  pdf.font("regular").fontSize(12).text(`${t.number} ${doc.number}`);
  pdf.moveDown();
  pdf.fontSize(10);
  pdf.text(`${t.issued}: ${date(doc.issuedAt)}`);
  pdf.text(`${t.paid}: ${date(doc.paidAt)}`);
  pdf.text(`${t.period}: ${date(doc.periodStart)} – ${date(doc.periodEnd)}`);
  if (doc.ksefNumber) pdf.text(`${t.ksef}: ${doc.ksefNumber}`);
  if (doc.corrects) {
    pdf.text(`${t.corrects}: ${doc.corrects.number} (${date(doc.corrects.issuedAt)})`);
    pdf.text(`${t.reason}: ${doc.corrects.reason}`);
  }
  pdf.moveDown();
  const top = pdf.y;
  for (const [column, label, party] of [
    [50, t.seller, doc.seller],
    [300, t.buyer, doc.buyer],
  ] as const) {
    pdf.font("bold").text(label, column, top, { width: 240 });
    pdf.font("regular").text(party.companyName, { width: 240 });
    pdf.text(`${t.taxId}: ${party.taxId}`, { width: 240 });
    pdf.text(party.street, { width: 240 });
    pdf.text(`${party.postalCode} ${party.city}, ${party.country}`, { width: 240 });
  }
  pdf.moveDown(2);
  const rowY = Math.max(pdf.y, top + 90);
  const columns = [
    [50, t.item, doc.item, 200],
    [260, t.net, money(doc.netGrosze), 70],
    [335, t.rate, doc.reverseCharge ? t.outOfScope : "23%", 55],
    [395, t.vat, money(doc.vatGrosze), 70],
    [470, t.gross, money(doc.grossGrosze), 80],
  ] as const;
  for (const [x, head] of columns) pdf.font("bold").text(head, x, rowY, { width: 200 });
  pdf.moveTo(50, rowY + 16).lineTo(545, rowY + 16).stroke("#999999");
  for (const [x, , value, width] of columns) pdf.font("regular").text(value, x, rowY + 22, { width });
  pdf.moveDown(3);
  pdf.font("bold").fontSize(12).text(`${t.total}: ${money(doc.grossGrosze)}`, 50, pdf.y, { align: "right", width: 495 });
  pdf.font("regular").fontSize(10).text(t.paidInFull, { align: "right", width: 495 });
  // The words the VAT Act asks for on an invoice whose buyer accounts for the VAT (art. 106e ust. 1 pkt 18).
  if (doc.reverseCharge) pdf.font("bold").text(t.reverseCharge, { align: "right", width: 495 });
  pdf.end();
  return done;
}
