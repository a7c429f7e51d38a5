"use client";

import { useActionState, useId, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import { submitReport, type CommentResult } from "@/web/actions/comments";
import { useOnResult } from "@/components/forms/use-on-result";
import { textareaClass } from "./comment-form";

const REASONS = ["illegal", "harassment", "spam", "other"] as const;

/**
 * A notice about a comment (DSA Art. 16), open to anyone: a reason, an explanation, and for a signed-out
 * visitor an optional address for the answer. Once sent, the form gives way to a confirmation.
 */
export function ReportForm(props: { commentId: string; signedIn: boolean; detailsMaxLength: number }) {
  const t = useTranslations("comments");
  const [state, action, pending] = useActionState<CommentResult | null, FormData>(submitReport, null);
  const id = useId();
  const reasons = useRef<HTMLFieldSetElement>(null);
  const details = useRef<HTMLTextAreaElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);

  useOnResult(state, (result) => {
    if (result.ok) confirmation.current?.focus();
    else if (result.error.reason === "reason") reasons.current?.querySelector("input")?.focus();
    else if (result.error.reason === "email") document.getElementById(`${id}-email`)?.focus();
    else details.current?.focus();
  });

  if (state?.ok) {
    return (
      <p ref={confirmation} tabIndex={-1} role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
        {t("report.done")}
      </p>
    );
  }
  const error = state && !state.ok ? state.error.message : null;
  const kept = state && !state.ok ? state.values : {};
  const errorOn = state && !state.ok ? state.error.reason : null;
  const errorId = `${id}-error`;
  return (
    <Form action={action} className="space-y-3">
      <input type="hidden" name="commentId" value={props.commentId} />
      <fieldset ref={reasons} aria-describedby={errorOn === "reason" ? errorId : undefined}>
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{t("report.legend")}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {REASONS.map((reason) => (
            <label key={reason} className="flex min-h-8 items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
              <input type="radio" name="reason" value={reason} defaultChecked={kept.reason === reason} className="size-4 accent-primary-600" />
              {t(`report.reasons.${reason}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-details`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("report.details")}
        </label>
        <textarea
          ref={details}
          id={`${id}-details`}
          name="details"
          rows={3}
          defaultValue={kept.details ?? ""}
          aria-invalid={errorOn === "detailsRequired" || errorOn === "tooLong" || undefined}
          aria-describedby={`${id}-details-hint${errorOn === "detailsRequired" || errorOn === "tooLong" ? ` ${errorId}` : ""}`}
          className={`mt-1 ${textareaClass}`}
        />
        <p id={`${id}-details-hint`} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("report.detailsHint", { max: props.detailsMaxLength })}
        </p>
      </div>
      {props.signedIn ? null : (
        <TextField id={`${id}-email`} name="email" type="email" autoComplete="email" defaultValue={kept.email ?? ""} label={t("report.email")} hint={t("report.emailHint")} error={errorOn === "email" ? (error ?? undefined) : undefined} />
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("report.goodFaith")}</p>
      {error && errorOn !== "email" ? (
        <p id={errorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="md" variant="outline" color="gray" loading={pending}>
        {t("report.submit")}
      </Button>
    </Form>
  );
}
