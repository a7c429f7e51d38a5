"use client";

import { createContext, useActionState, useContext, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { submitModeration, type CommentResult } from "@/web/actions/comments";
import { useAnnounce } from "./announcer";
import { textareaClass } from "./comment-form";
import { useOnResult } from "@/components/forms/use-on-result";
import { QUEUE_ID } from "./moderation-ids";

const GROUNDS = ["illegal", "terms"] as const;

type Decisions = { state: CommentResult | null; action: (form: FormData) => void; pending: boolean };
const DecisionsContext = createContext<Decisions | null>(null);

/**
 * Holds the queue's decision action: a decided comment leaves the queue, form and all, in the same render
 * that brings the result, so the result is taken here to announce it and move focus to the queue.
 */
export function ModerationDecisions({ children }: { children: ReactNode }) {
  const t = useTranslations("moderation");
  const announce = useAnnounce();
  const [state, action, pending] = useActionState<CommentResult | null, FormData>(submitModeration, null);
  useOnResult(state, (result) => {
    if (!result.ok || !isDecision(result.data.outcome)) return;
    announce(t(`done.${result.data.outcome}`));
    document.getElementById(QUEUE_ID)?.focus();
  });
  return <DecisionsContext.Provider value={{ state, action, pending }}>{children}</DecisionsContext.Provider>;
}

/** Hide or remove (with a ground and reasons for the author), or dismiss the reports of one comment. */
export function ModerationForm({ commentId, reasonMaxLength }: { commentId: string; reasonMaxLength: number }) {
  const t = useTranslations("moderation");
  const decisions = useContext(DecisionsContext)!;
  const { action, pending } = decisions;
  // Another comment's refusal is not this form's business.
  const state = decisions.state && !decisions.state.ok && decisions.state.values.commentId === commentId ? decisions.state : null;
  const id = useId();
  const grounds = useRef<HTMLFieldSetElement>(null);
  const reason = useRef<HTMLTextAreaElement>(null);

  useOnResult(state, (result) => {
    if (result.ok) return;
    if (result.error.reason === "ground") grounds.current?.querySelector("input")?.focus();
    else reason.current?.focus();
  });

  const error = state ? state.error.message : null;
  const kept = state ? state.values : {};
  const errorOn = state ? state.error.reason : null;
  return (
    <Form action={action} className="space-y-3">
      <input type="hidden" name="commentId" value={commentId} />
      <fieldset ref={grounds} aria-describedby={errorOn === "ground" ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{t("form.ground")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          {GROUNDS.map((ground) => (
            <label key={ground} className="flex min-h-8 items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
              <input type="radio" name="ground" value={ground} defaultChecked={kept.ground === ground} className="size-4 accent-primary-600" />
              {t(`grounds.${ground}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("form.reason")}
        </label>
        <textarea
          ref={reason}
          id={`${id}-reason`}
          name="reason"
          rows={3}
          defaultValue={kept.reason ?? ""}
          aria-invalid={errorOn === "empty" || errorOn === "tooLong" || undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={`mt-1 ${textareaClass}`}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {t("form.reasonHint", { max: reasonMaxLength })}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="action" value="hide" size="md" disabled={pending}>
          {t("form.hide")}
        </Button>
        <Button type="submit" name="action" value="remove" size="md" color="red" disabled={pending}>
          {t("form.remove")}
        </Button>
        <Button type="submit" name="action" value="dismiss" size="md" variant="outline" color="gray" disabled={pending}>
          {t("form.dismiss")}
        </Button>
      </div>
    </Form>
  );
}

function isDecision(outcome: string | undefined): outcome is "hide" | "remove" | "dismiss" {
  return outcome === "hide" || outcome === "remove" || outcome === "dismiss";
}
