"use client";

import { useTranslations } from "next-intl";
import { TextField } from "@/components/forms/text-field";
import { billingDetailsMaxLength } from "@/schemas/invoices";
import type { ActionError } from "@/web/actions/action-result";

export const invoiceFields = ["companyName", "taxId", "street", "postalCode", "city"] as const;
export type InvoiceField = (typeof invoiceFields)[number];
export type InvoiceDetails = Record<InvoiceField, string>;

const autoComplete: Record<InvoiceField, string> = { companyName: "organization", taxId: "off", street: "street-address", postalCode: "postal-code", city: "address-level2" };
/** Which field a refusal's reason is about; a reason several fields share (a text too long) names its field itself. */
const reasonField: Record<string, InvoiceField> = { noCompanyName: "companyName", badTaxId: "taxId", noStreet: "street", noPostalCode: "postalCode", noCity: "city", vatNotInVies: "taxId", viesUnavailable: "taxId" };

/** The invoice field a refusal points at, if any. */
function invoiceFieldOf(error: ActionError | null): InvoiceField | null {
  if (!error) return null;
  const named = error.reason ? reasonField[error.reason] : undefined;
  if (named) return named;
  return (invoiceFields as readonly string[]).includes(error.field ?? "") ? (error.field as InvoiceField) : null;
}

/**
 * The company an invoice goes to, as the order form and the settings ask for it: what was typed before a refusal
 * (`kept`) before what is remembered, the refusal's sentence under the field it is about, and the schema's limits.
 */
export function InvoiceFields({ kept, saved, error }: { kept: Record<string, string> | null; saved: InvoiceDetails | null; error: ActionError | null }) {
  const t = useTranslations("billing.checkout");
  const invalid = invoiceFieldOf(error);
  return invoiceFields.map((field) => (
    <TextField
      key={field}
      name={field}
      label={t(`invoiceFields.${field}`)}
      hint={field === "taxId" ? t("taxIdHint") : undefined}
      autoComplete={autoComplete[field]}
      maxLength={billingDetailsMaxLength[field]}
      defaultValue={kept?.[field] ?? saved?.[field] ?? ""}
      error={invalid === field ? error!.message : undefined}
      className={field === "companyName" || field === "street" ? "sm:col-span-2" : undefined}
    />
  ));
}
