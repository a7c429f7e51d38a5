"use client";

import { createContext, useActionState, useContext, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { submitRestore, type CommentResult } from "@/web/actions/comments";
import { useAnnounce } from "./announcer";
import { textareaClass } from "./comment-form";
import { useOnResult } from "@/components/forms/use-on-result";
import { HIDDEN_ID } from "./moderation-ids";


type Restores = { state: CommentResult | null; action: (form: FormData) => void; pending: boolean };
const RestoresContext = createContext<Restores | null>(null);

/** Holds the restore action above the list: a restored comment leaves it, form and all, so the result is announced here. */
export function RestoreDecisions({ children }: { children: ReactNode }) {
  const t = useTranslations("moderation");
  const announce = useAnnounce();
  const [state, action, pending] = useActionState<CommentResult | null, FormData>(submitRestore, null);
  useOnResult(state, (result) => {
    if (!result.ok) return;
    announce(t("hidden.done"));
    document.getElementById(HIDDEN_ID)?.focus();
  });
  return <RestoresContext.Provider value={{ state, action, pending }}>{children}</RestoresContext.Provider>;
}

/** Restores one hidden comment, with an optional note for its author. */
export function RestoreForm({ commentId, noteMaxLength }: { commentId: string; noteMaxLength: number }) {
  const t = useTranslations("moderation");
  const restores = useContext(RestoresContext)!;
  const { action, pending } = restores;
  const state = restores.state && !restores.state.ok && restores.state.values.commentId === commentId ? restores.state : null;
  const id = useId();
  const note = useRef<HTMLTextAreaElement>(null);
  useOnResult(state, (result) => {
    if (!result.ok) note.current?.focus();
  });
  const error = state ? state.error.message : null;
  const kept = state ? state.values : {};
  return (
    <Form action={action} className="space-y-3">
      <input type="hidden" name="commentId" value={commentId} />
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("hidden.note")}
        </label>
        <textarea
          ref={note}
          id={`${id}-note`}
          name="note"
          rows={2}
          defaultValue={kept.note ?? ""}
          aria-invalid={state?.error.reason === "tooLong" || undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={`mt-1 ${textareaClass}`}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("hidden.noteHint", { max: noteMaxLength })}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="md" variant="outline" disabled={pending}>
        {t("hidden.restore")}
      </Button>
    </Form>
  );
}
