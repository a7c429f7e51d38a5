"use client";

import { useActionState } from "react";
import { useTranslations } from "next-intl";
import { Form } from "@/components/forms/form";
import { SubmitButton } from "@/components/forms/submit-button";
import { saveInvoiceDetails } from "@/web/actions/billing";
import type { FormState } from "@/web/actions/action-result";
import { InvoiceFields, type InvoiceDetails } from "./invoice-fields";

/**
 * The settings' company details for the next invoices. A refusal keeps what was typed and says why under the field
 * it is about; a success says so in the status line.
 */
export function InvoiceDetailsForm({ locale, saved }: { locale: string; saved: InvoiceDetails | null }) {
  const t = useTranslations("invoices");
  const [state, action] = useActionState<FormState<void>, FormData>(saveInvoiceDetails, null);
  const refusal = state && !state.ok ? state.error : null;
  return (
    <Form action={action} className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="locale" value={locale} />
      <InvoiceFields kept={state && !state.ok ? state.values : null} saved={saved} error={refusal} />
      <div className="sm:col-span-2">
        <SubmitButton>{t("save")}</SubmitButton>
      </div>
      <p role="status" className="text-sm empty:hidden sm:col-span-2">
        {refusal ? <span className="font-medium text-red-700 dark:text-red-400">{refusal.message}</span> : state?.ok ? t("saved") : null}
      </p>
    </Form>
  );
}
