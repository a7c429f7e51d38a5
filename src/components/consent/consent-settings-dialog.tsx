"use client";

import { useActionState, useId } from "react";
import { Form } from "@/components/forms/form";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { ConsentLabels } from "./consent-labels";
import { saveConsent } from "@/web/actions/consent";
import { setConsentSettingsOpen } from "./settings-store";

/**
 * The categories, to give, change or withdraw consent. Rejecting all is one press, like accepting all.
 * Opened from the banner or the footer; loaded only when first opened.
 */
export function ConsentSettingsDialog({ open, analytics, labels }: { open: boolean; analytics: boolean; labels: ConsentLabels["settings"] }) {
  const formId = useId();
  const [, save, pending] = useActionState(async (_: null, formData: FormData) => {
    await saveConsent(formData);
    setConsentSettingsOpen(false);
    return null;
  }, null);

  const submit = (choice: "reject" | "accept" | "save", label: string, variant: "solid" | "outline") => (
    <Button type="submit" form={formId} name="choice" value={choice} variant={variant} color={variant === "solid" ? "primary" : "gray"} size="md" disabled={pending}>
      {label}
    </Button>
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (pending ? undefined : setConsentSettingsOpen(next))}
      title={labels.title}
      description={labels.description}
      footer={
        <>
          {submit("save", labels.save, "outline")}
          {submit("reject", labels.reject, "solid")}
          {submit("accept", labels.accept, "solid")}
        </>
      }
    >
      <Form id={formId} action={save} className="space-y-4">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h3 className="font-semibold text-gray-900 dark:text-white">{labels.necessary}</h3>
            <p className="mt-1 text-gray-700 dark:text-gray-300">{labels.necessaryText}</p>
          </div>
          <span className="shrink-0 rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-100">
            {labels.alwaysOn}
          </span>
        </div>
        <div className="flex items-start gap-3">
          <input
            id={`${formId}-analytics`}
            name="analytics"
            value="granted"
            type="checkbox"
            defaultChecked={analytics}
            aria-describedby={`${formId}-analytics-text`}
            className="mt-1 size-5 shrink-0 accent-primary-600"
          />
          <div>
            <label htmlFor={`${formId}-analytics`} className="font-semibold text-gray-900 dark:text-white">
              {labels.analytics}
            </label>
            <p id={`${formId}-analytics-text`} className="mt-1 text-gray-700 dark:text-gray-300">
              {labels.analyticsText}
            </p>
          </div>
        </div>
      </Form>
    </Modal>
  );
}
