"use client";

import { createContext, useActionState, useContext, useRef, type ReactNode, type RefObject } from "react";
import { useTranslations } from "next-intl";
import { Button, buttonClasses } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { submitDelete, type CommentResult } from "@/web/actions/comments";
import { useAnnounce } from "./announcer";
import { CommentForm } from "./comment-form";
import { useOnResult } from "@/components/forms/use-on-result";
import { ReportForm } from "./report-form";

export const COMMENTS_HEADING_ID = "comments-title";

/**
 * Reply, edit, delete and report under one comment. Each is a <details> disclosure, so it opens and its
 * form posts before scripts run; once a form succeeds its disclosure closes.
 */
export function CommentActions(props: {
  commentId: string;
  post: { locale: string; slug: string };
  signedIn: boolean;
  canReply: boolean;
  /** The text to change and until when, while the author may still edit. */
  edit: { body: string; until: string } | null;
  canDelete: boolean;
  canReport: boolean;
  limits: { maxLength: number; reportDetailsMaxLength: number };
}) {
  const t = useTranslations("comments");
  const reply = useRef<HTMLDetailsElement>(null);
  const edit = useRef<HTMLDetailsElement>(null);
  if (!props.canReply && !props.edit && !props.canDelete && !props.canReport) return null;
  return (
    <div className="mt-2 flex flex-wrap items-start gap-x-1 gap-y-2">
      {props.canReply ? (
        <Disclosure label={t("actions.reply")} detailsRef={reply}>
          <CommentForm
            mode="reply"
            fields={{ locale: props.post.locale, slug: props.post.slug, parentId: props.commentId }}
            maxLength={props.limits.maxLength}
            onDone={() => close(reply)}
          />
        </Disclosure>
      ) : null}
      {props.edit ? (
        <Disclosure label={t("actions.edit")} detailsRef={edit}>
          <CommentForm
            mode="edit"
            fields={{ commentId: props.commentId }}
            maxLength={props.limits.maxLength}
            defaultBody={props.edit.body}
            note={<p className="text-sm text-gray-600 dark:text-gray-400">{t("form.editUntil", { time: props.edit.until })}</p>}
            onDone={() => close(edit)}
          />
        </Disclosure>
      ) : null}
      {props.canDelete ? (
        <Disclosure label={t("actions.delete")}>
          <DeleteForm commentId={props.commentId} />
        </Disclosure>
      ) : null}
      {props.canReport ? (
        <Disclosure label={t("actions.report")}>
          <ReportForm commentId={props.commentId} signedIn={props.signedIn} detailsMaxLength={props.limits.reportDetailsMaxLength} />
        </Disclosure>
      ) : null}
    </div>
  );
}

function close(details: RefObject<HTMLDetailsElement | null>) {
  if (details.current) details.current.open = false;
}

function Disclosure({ label, detailsRef, children }: { label: string; detailsRef?: RefObject<HTMLDetailsElement | null>; children: ReactNode }) {
  return (
    <details ref={detailsRef} className="open:basis-full">
      <summary className={`${buttonClasses({ size: "xs", variant: "ghost", color: "gray" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        {label}
      </summary>
      <div className="mt-2 rounded-xl border border-gray-200 p-3 sm:p-4 dark:border-gray-800">{children}</div>
    </details>
  );
}

type Deletion = { state: CommentResult | null; action: (form: FormData) => void; pending: boolean };
const DeletionContext = createContext<Deletion | null>(null);

/**
 * Holds the thread's delete action. A deleted comment's form goes with it in the same render that
 * brings the result, so the result is taken here, above the comments, to announce it and move focus.
 */
export function CommentDeletion({ children }: { children: ReactNode }) {
  const t = useTranslations("comments");
  const announce = useAnnounce();
  const [state, action, pending] = useActionState<CommentResult | null, FormData>(submitDelete, null);
  useOnResult(state, (result) => {
    if (!result.ok) return;
    announce(t("announce.deleted"));
    // The comment is gone, or only its placeholder is left: the thread's heading is the nearest steady place.
    document.getElementById(COMMENTS_HEADING_ID)?.focus();
  });
  return <DeletionContext.Provider value={{ state, action, pending }}>{children}</DeletionContext.Provider>;
}

function DeleteForm({ commentId }: { commentId: string }) {
  const t = useTranslations("comments");
  const { state, action, pending } = useContext(DeletionContext)!;
  const error = state && !state.ok && state.values.commentId === commentId ? state.error.message : null;
  return (
    <Form action={action} className="space-y-2">
      <input type="hidden" name="commentId" value={commentId} />
      <p className="text-sm text-gray-800 dark:text-gray-200">{t("delete.confirm")}</p>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="md" color="red" loading={pending}>
        {t("delete.submit")}
      </Button>
    </Form>
  );
}
