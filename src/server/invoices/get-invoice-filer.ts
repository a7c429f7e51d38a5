import "server-only";
import { env } from "@/env";
import { createKsefClient, type KsefClient } from "./create-ksef-client";

let client: KsefClient | null | undefined;

/** KSeF when INVOICE_FILER=ksef, else null: invoices then stay our own records (the embedded default). */
export function getInvoiceFiler(): KsefClient | null {
  if (client !== undefined) return client;
  const e = env();
  client = e.INVOICE_FILER === "ksef" ? createKsefClient({ baseUrl: e.KSEF_API_URL, nip: e.INVOICE_SELLER_NIP, token: e.KSEF_TOKEN! }) : null;
  return client;
}
