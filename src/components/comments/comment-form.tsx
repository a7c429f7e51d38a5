"use client";

import { useActionState, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { submitComment, submitEdit, type CommentResult } from "@/web/actions/comments";
import { useAnnounce } from "./announcer";
import { useOnResult } from "@/components/forms/use-on-result";

export const textareaClass =
  "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-primary-600 focus:outline-2 focus:outline-primary-600 aria-invalid:border-red-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:aria-invalid:border-red-400";

/**
 * Writes a comment, a reply (`parentId`) or a change (`commentId`). A server action, so it works before
 * scripts run; a refusal keeps the text and puts the cursor back in it with the reason read out, a success
 * moves focus to the comment and says so.
 */
export function CommentForm(props: {
  mode: "new" | "reply" | "edit";
  /** Hidden fields: locale and slug of the post, parentId or commentId. */
  fields: Record<string, string>;
  maxLength: number;
  defaultBody?: string;
  note?: ReactNode;
  onDone?: () => void;
}) {
  const t = useTranslations("comments");
  const announce = useAnnounce();
  const [state, action, pending] = useActionState<CommentResult | null, FormData>(props.mode === "edit" ? submitEdit : submitComment, null);
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);

  useOnResult(state, (result) => {
    if (!result.ok) {
      textarea.current?.focus();
      return;
    }
    announce(t(props.mode === "edit" ? "announce.edited" : "announce.posted"));
    props.onDone?.();
    if (result.data.id) document.getElementById(`comment-${result.data.id}`)?.focus();
  });

  const error = state && !state.ok ? state.error.message : null;
  // After a refusal the form shows what was typed; React resets a form to these defaults after each submission.
  const text = state && !state.ok ? (state.values.body ?? "") : props.mode === "edit" ? (props.defaultBody ?? "") : "";
  const label = ({ new: "form.newLabel", reply: "form.replyLabel", edit: "form.editLabel" } as const)[props.mode];
  const submit = ({ new: "form.newSubmit", reply: "form.replySubmit", edit: "form.editSubmit" } as const)[props.mode];
  return (
    <Form action={action} className="space-y-2">
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {t(label)}
      </label>
      <textarea
        ref={textarea}
        id={id}
        name="body"
        rows={props.mode === "new" ? 4 : 3}
        defaultValue={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={textareaClass}
      />
      <p id={`${id}-hint`} className="text-sm text-gray-600 dark:text-gray-400">
        {t("form.hint", { max: props.maxLength })}
      </p>
      {props.note}
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="md" loading={pending}>
        {t(submit)}
      </Button>
    </Form>
  );
}
