"use client";

import { useActionState, useRef, useState, type ReactNode } from "react";
import { Form } from "@/components/forms/form";
import { SubmitButton } from "@/components/forms/submit-button";
import { ConfirmModal } from "@/components/ui/modal";
import type { ActionResult, FormState } from "@/web/actions/action-result";

/**
 * One of the team page's forms: its fields, a submit button busy while the server action runs, and what the
 * server answered (its refusal's sentence, or `done` after a success) in a live region. With `confirm`, the
 * button first asks in the same modal as revoking an API key, and the form is sent only once confirmed.
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
  confirm?: { title: string; description: string; confirmLabel: string };
}) {
  const [state, action] = useActionState<FormState<void>, FormData>(props.action, null);
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const { confirm } = props;
  return (
    <Form ref={form} action={action} className={props.className ?? "flex flex-wrap items-end gap-3"}>
      {props.children}
      <SubmitButton
        variant={props.variant ?? "solid"}
        color={props.color}
        aria-label={props.submitLabel}
        // A click (or Enter in a field) asks first; the confirmation sends the form without one.
        onClick={
          confirm
            ? (event) => {
                event.preventDefault();
                setAsking(true);
              }
            : undefined
        }
      >
        {props.submit}
      </SubmitButton>
      {confirm ? (
        <ConfirmModal
          open={asking}
          onOpenChange={setAsking}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel}
          confirmColor={props.color ?? "primary"}
          onConfirm={() => form.current?.requestSubmit()}
        />
      ) : null}
      <p role="status" className="basis-full text-sm empty:hidden">
        {state && !state.ok ? <span className="font-medium text-red-700 dark:text-red-400">{state.error.message}</span> : state?.ok && props.done ? props.done : null}
      </p>
    </Form>
  );
}
