import { parseTaxId } from "@/schemas/invoices";
import type { BuyerDetails } from "@/server/db/schema";
import type { InvoiceDocument } from "./invoice-document";

/** The FA(3) structure's namespace (Central Repository of Electronic Document Templates, crd.gov.pl, 2025-06-25). */
export const FA3_NAMESPACE = "http://crd.gov.pl/wzor/2025/06/25/13775/";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const el = (name: string, content: string) => `<${name}>${content}</${name}>`;
const text = (name: string, value: string) => el(name, escape(value));
const amount = (grosze: number) => (grosze / 100).toFixed(2);
/** A date as the taxpayer's calendar has it (Polish time). */
const day = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);

function address(party: BuyerDetails): string {
  return el("Adres", text("KodKraju", party.country) + text("AdresL1", party.street) + text("AdresL2", `${party.postalCode} ${party.city}`));
}

function buyerId(buyer: BuyerDetails): string {
  const id = parseTaxId(buyer.taxId);
  if (id?.kind === "nip") return text("NIP", id.nip);
  if (id?.kind === "eu") return text("KodUE", id.country) + text("NrVatUE", id.number);
  return text("BrakID", "1");
}

/**
 * The invoice as an FA(3) XML document (schema 1-0E), the structure KSeF takes: one line, amounts in PLN, the
 * service period, paid in full on the payment date. At the 23% rate the line is priced gross (art. 106e ust. 7);
 * for an EU business it is net, outside Polish VAT (P_13_9, rate "np II": a service of art. 28b, art. 100 ust. 1
 * pkt 4) with the "odwrotne obciążenie" annotation (P_18). A correction (KOR) states the difference as negative
 * amounts and names the corrected invoice: a full refund returns the line (quantity −1), a partial one lowers its
 * price.
 */
export function buildFa3Xml(doc: InvoiceDocument): string {
  const sign = doc.kind === "correction" ? -1 : 1;
  const net = sign * doc.netGrosze;
  const vat = sign * doc.vatGrosze;
  const gross = sign * doc.grossGrosze;
  const header = el(
    "Naglowek",
    '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>' + text("WariantFormularza", "3") + text("DataWytworzeniaFa", doc.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z")) + text("SystemInfo", "Aranżer"),
  );
  const seller = el("Podmiot1", el("DaneIdentyfikacyjne", text("NIP", doc.seller.taxId) + text("Nazwa", doc.seller.companyName)) + address(doc.seller));
  const buyer = el("Podmiot2", el("DaneIdentyfikacyjne", buyerId(doc.buyer) + text("Nazwa", doc.buyer.companyName)) + address(doc.buyer) + text("JST", "2") + text("GV", "2"));
  const annotations = el(
    "Adnotacje",
    text("P_16", "2") +
      text("P_17", "2") +
      text("P_18", doc.reverseCharge ? "1" : "2") +
      text("P_18A", "2") +
      el("Zwolnienie", text("P_19N", "1")) +
      el("NoweSrodkiTransportu", text("P_22N", "1")) +
      text("P_23", "2") +
      el("PMarzy", text("P_PMarzyN", "1")),
  );
  const correction = doc.corrects
    ? text("PrzyczynaKorekty", doc.corrects.reason) +
      text("TypKorekty", "2") +
      el(
        "DaneFaKorygowanej",
        text("DataWystFaKorygowanej", day(doc.corrects.issuedAt)) +
          text("NrFaKorygowanej", doc.corrects.number) +
          (doc.corrects.ksefNumber ? text("NrKSeF", "1") + text("NrKSeFFaKorygowanej", doc.corrects.ksefNumber) : text("NrKSeFN", "1")),
      )
    : "";
  const priceLowered = doc.corrects !== null && doc.grossGrosze < doc.corrects.grossGrosze;
  const quantity = doc.kind === "correction" && !priceLowered ? -1 : 1;
  const unitPrice = amount(priceLowered ? gross : doc.reverseCharge ? doc.netGrosze : doc.grossGrosze);
  const line = el(
    "FaWiersz",
    text("NrWierszaFa", "1") +
      text("P_7", doc.item) +
      text("P_8A", "usł.") +
      text("P_8B", String(quantity)) +
      (doc.reverseCharge ? text("P_9A", unitPrice) + text("P_11", amount(net)) + text("P_12", "np II") : text("P_9B", unitPrice) + text("P_11A", amount(gross)) + text("P_12", "23")),
  );
  const totals = doc.reverseCharge ? text("P_13_9", amount(net)) : text("P_13_1", amount(net)) + text("P_14_1", amount(vat));
  const payment = el("Platnosc", text("Zaplacono", "1") + text("DataZaplaty", day(doc.paidAt)));
  const fa = el(
    "Fa",
    text("KodWaluty", "PLN") +
      text("P_1", day(doc.issuedAt)) +
      text("P_2", doc.number) +
      el("OkresFa", text("P_6_Od", day(doc.periodStart)) + text("P_6_Do", day(doc.periodEnd))) +
      totals +
      text("P_15", amount(gross)) +
      annotations +
      text("RodzajFaktury", doc.kind === "correction" ? "KOR" : "VAT") +
      correction +
      line +
      payment,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="${FA3_NAMESPACE}">${header}${seller}${buyer}${fa}</Faktura>\n`;
}
