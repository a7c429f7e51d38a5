import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/layout/page-header";
import { InvoiceDetailsForm } from "@/components/billing/invoice-details-form";
import { ClientMessages } from "@/web/server/client-messages";
import { formatPrice } from "@/config/plans";
import { getBillingDetails } from "@/server/invoices/get-billing-details";
import { listInvoices } from "@/server/invoices/list-invoices";
import { refreshKsefNumbers } from "@/server/invoices/refresh-ksef-numbers";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "invoices" });
  return pageMetadata({ locale, route: "/settings/invoices", title: t("title"), index: false });
}

/** The person's invoices (and their teams', for an owner) with their files, and the company details they go to. */
export default async function InvoicesPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const t = await getTranslations("invoices");
  const format = await getFormatter();
  // Invoices filed with KSeF but not yet numbered by it are asked about once more (INVOICE_FILER=ksef).
  await refreshKsefNumbers({ userId: user.id });
  const [invoices, billing] = await Promise.all([listInvoices({ userId: user.id }), getBillingDetails({ userId: user.id })]);
  const link = "font-medium text-primary-700 underline dark:text-primary-300";
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} lead={t("lead")} />
      <section aria-labelledby="invoice-list" className="rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
        <h2 id="invoice-list" className="sr-only">{t("title")}</h2>
        {invoices.length === 0 ? (
          <p className="text-gray-700 dark:text-gray-300">{t("empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm text-gray-800 dark:text-gray-200">
              <thead>
                <tr className="border-b border-gray-200 dark:border-gray-800">
                  <th scope="col" className="py-2 pr-4 font-semibold">{t("number")}</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">{t("date")}</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">{t("amount")}</th>
                  <th scope="col" className="py-2 font-semibold">{t("files")}</th>
                </tr>
              </thead>
              <tbody>
                {invoices.map((i) => (
                  <tr key={i.id} className="border-b border-gray-100 dark:border-gray-900">
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {i.number}
                      {i.kind === "correction" ? ` (${t("correction")})` : null}
                      {i.teamId ? ` · ${t("forTeam")}` : null}
                      {i.ksefNumber ? <span className="block text-xs text-gray-700 dark:text-gray-300">KSeF {i.ksefNumber}</span> : null}
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{format.dateTime(new Date(i.issuedAt), { dateStyle: "medium", timeZone: "Europe/Warsaw" })}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatPrice(format, i.kind === "correction" ? -i.grossGrosze : i.grossGrosze)}</td>
                    <td className="py-2">
                      {/* A cell of its own (a flex cell leaves the table's layout): on a phone the links wrap, each whole. */}
                      <div className="flex flex-wrap gap-x-3 gap-y-1 [&_a]:whitespace-nowrap">
                        <a className={link} href={`/api/invoices/${i.id}?locale=pl`} download aria-label={`${t("pdfPl")} ${i.number}`}>{t("pdfPl")}</a>
                        <a className={link} href={`/api/invoices/${i.id}?locale=en`} download aria-label={`${t("pdfEn")} ${i.number}`}>{t("pdfEn")}</a>
                        <a className={link} href={`/api/invoices/${i.id}?format=xml`} download aria-label={`${t("xml")} ${i.number}`}>{t("xml")}</a>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="invoice-details" className="rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
        <h2 id="invoice-details" className="text-lg font-semibold text-gray-950 dark:text-white">{t("detailsTitle")}</h2>
        <p className="mt-1 mb-4 text-gray-700 dark:text-gray-300">{t("detailsLead")}</p>
        <ClientMessages namespaces={["billing", "invoices"]}>
          <InvoiceDetailsForm locale={locale} saved={billing} />
        </ClientMessages>
      </section>
    </div>
  );
}
