"use client";

import { useActionState, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { placeOrder } from "@/web/actions/billing";
import type { FormState } from "@/web/actions/action-result";
import { TextField } from "@/components/forms/text-field";
import { InvoiceFields, type InvoiceDetails } from "./invoice-fields";
import { isProductId } from "@/config/plans";
import { isReverseChargeTaxId } from "@/schemas/invoices";
import { OrderTotal } from "./order-total";

/** Which field of the order (not of the invoice, see InvoiceFields) a refusal's reason is about. */
const reasonField: Record<string, string> = { extraSeats: "extraSeats", extraSeatsTeamPlan: "extraSeats" };

/**
 * The order form consumer law asks for: links to the terms and the privacy policy, an unticked box to
 * start at once and lose the right of withdrawal once performed, and a button that says the order
 * obliges to pay, above it what the order charges as the choices stand (seats, a net price under reverse charge).
 * A server action, so it works before scripts run.
 */
export function OrderForm(props: {
  productId: string;
  locale: string;
  termsHref: string;
  privacyHref: string;
  sandbox: boolean;
  /** The team the buyer owns and works in now: the order may fill its pool. */
  team: { id: string; name: string } | null;
  /** A plan bought for the team may add seats: the plan's own seats and an extra seat's price, written out. */
  extraSeats: { planSeats: number; price: string; max: number } | null;
  /** The company details remembered from an earlier invoice. */
  billing: InvoiceDetails | null;
}) {
  const t = useTranslations("billing.checkout");
  const [state, action, pending] = useActionState<FormState<never>, FormData>(placeOrder, null);
  const refusal = state && !state.ok ? state.error : null;
  const kept = state && !state.ok ? state.values : null;
  const fieldError = (field: string) => (refusal && refusal.reason && reasonField[refusal.reason] === field ? refusal.message : undefined);
  const maxSeats = props.extraSeats?.max ?? 0;
  const [choices, setChoices] = useState(() => ({
    seats: props.team && props.extraSeats ? Number(kept?.extraSeats ?? 0) : 0,
    seatsOutOfRange: false,
    reverseCharge: (kept ? kept.invoice === "on" : false) && isReverseChargeTaxId(kept?.taxId ?? props.billing?.taxId ?? ""),
  }));
  const readChoices = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const typed = String(form.get("extraSeats") ?? "").trim();
    const seats = Number(typed);
    // Said as it is typed, and left out of the total: a total for 10²⁰ seats helps nobody. The server refuses it too.
    const seatsOutOfRange = typed !== "" && !(Number.isInteger(seats) && seats >= 0 && seats <= maxSeats);
    setChoices({
      // Extra seats come with a plan for the team only.
      seats: form.get("team") && !seatsOutOfRange && seats > 0 ? seats : 0,
      seatsOutOfRange,
      reverseCharge: form.get("invoice") === "on" && isReverseChargeTaxId(String(form.get("taxId") ?? "")),
    });
  };
  return (
    <Form action={action} onChange={readChoices} className="mt-6 space-y-5">
      <input type="hidden" name="product" value={props.productId} />
      <input type="hidden" name="locale" value={props.locale} />
      {props.team ? (
        <div className="flex gap-3">
          <input id="order-team" name="team" type="checkbox" value={props.team.id} defaultChecked={kept ? kept.team !== "" : true} className="mt-1 size-5 shrink-0 accent-primary-600" />
          <label htmlFor="order-team" className="text-gray-900 dark:text-gray-100">
            {t("forTeam", { team: props.team.name })}
          </label>
        </div>
      ) : null}
      {props.team && props.extraSeats ? (
        <TextField
          name="extraSeats"
          type="number"
          inputMode="numeric"
          min={0}
          max={props.extraSeats.max}
          step={1}
          label={t("extraSeats")}
          hint={t("extraSeatsHint", { seats: props.extraSeats.planSeats, price: props.extraSeats.price })}
          defaultValue={kept?.extraSeats ?? "0"}
          error={fieldError("extraSeats") ?? (choices.seatsOutOfRange ? t("extraSeatsRange", { max: maxSeats }) : undefined)}
          className="max-w-xs"
        />
      ) : null}
      {/* Consumers see one unticked box; the company fields open under it (CSS alone, before scripts run too). */}
      <div>
        <div className="peer flex gap-3">
          <input id="order-invoice" name="invoice" type="checkbox" defaultChecked={kept ? kept.invoice === "on" : false} className="mt-1 size-5 shrink-0 accent-primary-600" />
          <label htmlFor="order-invoice" className="text-gray-900 dark:text-gray-100">
            {t("invoice")}
          </label>
        </div>
        <fieldset className="mt-3 hidden gap-3 rounded-xl border border-gray-200 p-4 peer-has-[:checked]:grid sm:grid-cols-2 dark:border-gray-800">
          {/* Floated, the legend sits inside the box: on a phone its second line would lie across the border. */}
          <legend className="float-left w-full text-sm font-medium text-gray-800 sm:col-span-2 dark:text-gray-200">{t("invoiceLegend")}</legend>
          <InvoiceFields kept={kept} saved={props.billing} error={refusal} />
        </fieldset>
      </div>
      {isProductId(props.productId) ? <OrderTotal productId={props.productId} extraSeats={choices.seats} reverseCharge={choices.reverseCharge} /> : null}
      <p className="text-gray-800 dark:text-gray-200">
        {t.rich("legal", {
          terms: (chunks) => (
            <a href={props.termsHref} className="font-semibold text-primary-700 underline dark:text-primary-300" target="_blank" rel="noopener">
              {chunks}
            </a>
          ),
          privacy: (chunks) => (
            <a href={props.privacyHref} className="font-semibold text-primary-700 underline dark:text-primary-300" target="_blank" rel="noopener">
              {chunks}
            </a>
          ),
        })}
      </p>
      <div className="flex gap-3">
        <input
          id="withdrawal-consent"
          name="withdrawalConsent"
          type="checkbox"
          required
          defaultChecked={kept?.withdrawalConsent === "on"}
          aria-describedby={refusal?.reason === "withdrawalConsent" ? "order-error" : undefined}
          aria-invalid={refusal?.reason === "withdrawalConsent" || undefined}
          className="mt-1 size-5 shrink-0 accent-primary-600"
        />
        <label htmlFor="withdrawal-consent" className="text-gray-900 dark:text-gray-100">
          {t("consent")}
        </label>
      </div>
      {/* The region stays while empty: one that appears together with its text is not announced by every
          screen reader. Empty, it takes no room (empty:mb-0 undoes the form's spacing). */}
      <div role="alert" className="empty:mb-0">
        {refusal ? (
          <p id="order-error" className="rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
            {refusal.message}
          </p>
        ) : null}
      </div>
      {props.sandbox ? <p className="text-sm text-gray-700 dark:text-gray-300">{t("sandboxNote")}</p> : null}
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending}>
        {t("submit")}
      </Button>
    </Form>
  );
}
