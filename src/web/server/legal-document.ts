import "server-only";
import type { Locale } from "@/config/routes";
import { env } from "@/env";
import { loadLegalPage, type LegalPage } from "@/server/content/load-legal-page";

/** A legal page in `locale`, filled with the operator's details from the environment. */
export async function legalDocument(page: LegalPage, locale: Locale) {
  const e = env();
  return loadLegalPage({
    page,
    locale,
    vars: { companyName: e.OPERATOR_NAME, companyAddress: e.OPERATOR_ADDRESS, companyNip: e.OPERATOR_NIP, contactEmail: e.CONTACT_EMAIL, siteUrl: e.appUrl },
  });
}
