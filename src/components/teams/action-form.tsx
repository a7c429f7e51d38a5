"use client";

import { useActionState, type ReactNode } from "react";
import { Form } from "@/components/forms/form";
import { SubmitButton } from "@/components/forms/submit-button";
import type { ActionResult, FormState } from "@/web/actions/action-result";

/**
 * One of the team page's forms: its fields, a submit button busy while the server action runs, and what the
 * server answered (its refusal's sentence, or `done` after a success) in a live region.
 */
export function ActionForm(props: {
  action: (previous: unknown, form: FormData) => Promise<ActionResult<void>>;
  children?: ReactNode;
  submit: string;
  submitLabel?: string;
  done?: string;
  className?: string;
  variant?: "solid" | "outline";
  color?: "primary" | "gray" | "red";
}) {
  const [state, action] = useActionState<FormState<void>, FormData>(props.action, null);
  return (
    <Form action={action} className={props.className ?? "flex flex-wrap items-end gap-3"}>
      {props.children}
      <SubmitButton variant={props.variant ?? "solid"} color={props.color} aria-label={props.submitLabel}>
        {props.submit}
      </SubmitButton>
      <p role="status" className="basis-full text-sm empty:hidden">
        {state && !state.ok ? <span className="font-medium text-red-700 dark:text-red-400">{state.error.message}</span> : state?.ok && props.done ? props.done : null}
      </p>
    </Form>
  );
}
