"use client";

import { useEffect, useRef, type ComponentPropsWithRef, type SubmitEvent } from "react";

/** A submission waiting for the page's answer: the form, the button that sent it, and whether it has been busy since. */
type Submission = { form: HTMLFormElement; submitter: HTMLElement | null; waited: boolean };

const isBusy = (button: HTMLElement) => button.matches(":disabled") || button.getAttribute("aria-busy") === "true";

/**
 * Every form of the product. A page can be used before its scripts have run (they load async), so a visitor
 * can submit a form before React handles it; the browser then sends it itself, and `method="post"` keeps the fields
 * (passwords among them) out of the address, the history and the logs. `noValidate`: our own messages,
 * translated, replace the browser's. ESLint refuses a bare <form> elsewhere.
 *
 * When the answer to a submission marks a field invalid (aria-invalid, its error tied to it with
 * aria-describedby), focus moves to the first such field, so a screen reader reads the error out at once.
 * When the submit button was disabled while the answer was awaited, the browser dropped focus to the
 * page; it goes back to the button, next to the form's own announcement of what happened.
 */
export function Form({ onSubmit, onInput, ...props }: Omit<ComponentPropsWithRef<"form">, "method">) {
  const submission = useRef<Submission | null>(null);

  // After every render: the form's parent renders it again with each answer (new errors, the end of pending).
  useEffect(() => {
    const awaited = submission.current;
    if (!awaited) return;
    if (awaited.submitter && isBusy(awaited.submitter)) {
      awaited.waited = true;
      return;
    }
    const invalid = awaited.form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      submission.current = null;
      invalid.focus();
      return;
    }
    // A render before the answer (nothing invalid, never busy) leaves the submission awaited.
    if (!awaited.waited) return;
    submission.current = null;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && awaited.submitter?.isConnected) awaited.submitter.focus();
  });

  return (
    <form
      {...props}
      // React sets the method of a form whose action is a function itself, and warns when it is given one.
      method={typeof props.action === "function" ? undefined : "post"}
      noValidate
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        const submitter = event.nativeEvent.submitter ?? event.currentTarget.querySelector<HTMLElement>('[type="submit"]');
        submission.current = { form: event.currentTarget, submitter, waited: false };
        onSubmit?.(event);
      }}
      // Once the person types, focus is theirs: a later render must not take it.
      onInput={(event) => {
        submission.current = null;
        onInput?.(event);
      }}
    />
  );
}
