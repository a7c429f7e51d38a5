"use server";

import { headers } from "next/headers";
import { refresh } from "next/cache";
import { after } from "next/server";
import { isLocale } from "@/config/routes";
import { isAppError } from "@/server/errors";
import { log } from "@/server/log";
import { createComment } from "@/server/comments/create-comment";
import { deleteComment } from "@/server/comments/delete-comment";
import { editComment } from "@/server/comments/edit-comment";
import { moderateComment } from "@/server/comments/moderate-comment";
import { reportComment } from "@/server/comments/report-comment";
import { restoreComment } from "@/server/comments/restore-comment";
import { forgetThreadPages } from "@/server/comments/forget-thread-pages";
import { sharedPagesChanged } from "@/server/http/shared-pages-changed";
import { getSessionUser } from "@/web/server/session";

/** The author sees the thread anew at once, and signed-out readers get a fresh render of the post. */
function threadChanged() {
  refresh();
  sharedPagesChanged();
}

/** As threadChanged, for a change whose thread is known: only that post's cached page is rendered anew. */
async function postChanged(thread: string) {
  refresh();
  await forgetThreadPages({ threads: [thread] });
}

export type CommentError =
  | "empty"
  | "tooLong"
  | "rateLimited"
  | "editWindow"
  | "notYours"
  | "gone"
  | "postGone"
  | "signedOut"
  | "reason"
  | "detailsRequired"
  | "email"
  | "ground"
  | "decided"
  | "forbidden"
  | "unexpected";

/**
 * What a comment, report or moderation form shows after a submission. A refusal carries what was typed
 * and chosen (`values`), so the form keeps it; a success carries the comment to move focus to, and a fresh `at`, so
 * the same result twice is still news to announce.
 */
export type CommentFormState =
  | { status: "idle" }
  | { status: "error"; error: CommentError; values: Record<string, string>; minutes?: number; max?: number; at: number }
  | { status: "done"; id?: string; outcome?: string; at: number };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function refusal(error: unknown, values: Record<string, string>, context: string): CommentFormState {
  const at = Date.now();
  if (!isAppError(error)) {
    log.error("comments.action_failed", { context, error });
    return { status: "error", error: "unexpected", values, at };
  }
  const reason = error.details.reason;
  switch (error.code) {
    case "RATE_LIMITED":
      return { status: "error", error: "rateLimited", minutes: Math.ceil(Number(error.details.retryAfter) / 60), values, at };
    case "INVALID_INPUT":
      if (reason === "tooLong") return { status: "error", error: "tooLong", max: Number(error.details.max), values, at };
      if (reason === "empty" || reason === "reason" || reason === "detailsRequired" || reason === "email" || reason === "ground") {
        return { status: "error", error: reason, values, at };
      }
      break;
    case "CONFLICT":
      if (reason === "editWindow") return { status: "error", error: "editWindow", minutes: Number(error.details.minutes), values, at };
      return { status: "error", error: "decided", values, at };
    case "FORBIDDEN":
      return { status: "error", error: reason === "notYours" ? "notYours" : "forbidden", values, at };
    case "NOT_FOUND":
      return { status: "error", error: reason === "post" ? "postGone" : "gone", values, at };
  }
  log.error("comments.action_failed", { context, error });
  return { status: "error", error: "unexpected", values, at };
}

const signedOut = (values: Record<string, string>): CommentFormState => ({ status: "error", error: "signedOut", values, at: Date.now() });

/** A new comment or, with `parentId`, a reply, under the post the form sits on (`locale`, `slug`). */
export async function submitComment(_state: CommentFormState, form: FormData): Promise<CommentFormState> {
  const values = { body: field(form, "body") };
  const user = await getSessionUser();
  if (!user) return signedOut(values);
  const locale = field(form, "locale");
  try {
    if (!isLocale(locale)) throw new Error(`comment form without a locale: ${locale}`);
    const { id, thread } = await createComment({ userId: user.id, locale, slug: field(form, "slug").split("/"), parentId: field(form, "parentId") || null, body: values.body });
    await postChanged(thread);
    return { status: "done", id, at: Date.now() };
  } catch (error) {
    return refusal(error, values, "create");
  }
}

export async function submitEdit(_state: CommentFormState, form: FormData): Promise<CommentFormState> {
  const values = { body: field(form, "body") };
  const user = await getSessionUser();
  if (!user) return signedOut(values);
  const commentId = field(form, "commentId");
  try {
    const { changed, thread } = await editComment({ userId: user.id, commentId, body: values.body });
    if (changed) await postChanged(thread);
    return { status: "done", id: commentId, at: Date.now() };
  } catch (error) {
    return refusal(error, values, "edit");
  }
}

/** One action for every delete form of a thread (the form goes with its comment): `values.commentId` says whose result it is. */
export async function submitDelete(_state: CommentFormState, form: FormData): Promise<CommentFormState> {
  const values = { commentId: field(form, "commentId") };
  const user = await getSessionUser();
  if (!user) return signedOut(values);
  try {
    const { thread } = await deleteComment({ userId: user.id, commentId: values.commentId });
    await postChanged(thread);
    return { status: "done", id: values.commentId, at: Date.now() };
  } catch (error) {
    return refusal(error, values, "delete");
  }
}

/** A report from anyone: signed-out visitors are limited by their address and may leave an e-mail. */
export async function submitReport(_state: CommentFormState, form: FormData): Promise<CommentFormState> {
  const values = { reason: field(form, "reason"), details: field(form, "details"), email: field(form, "email") };
  const user = await getSessionUser();
  try {
    await reportComment({
      commentId: field(form, "commentId"),
      reason: values.reason,
      details: values.details,
      reporterId: user?.id ?? null,
      reporterEmail: values.email,
      // server.ts puts the client's address here (the proxy's, when TRUST_PROXY says so).
      clientAddress: (await headers()).get("x-forwarded-for") ?? "unknown",
      afterAnswer: after,
    });
    return { status: "done", at: Date.now() };
  } catch (error) {
    return refusal(error, values, "report");
  }
}

/**
 * A moderator's hide, remove or dismiss; the domain checks that the user is a moderator. One action for
 * the whole queue (a decided comment leaves it, form and all): `values.commentId` says whose result it is.
 */
export async function submitModeration(_state: CommentFormState, form: FormData): Promise<CommentFormState> {
  const values = { commentId: field(form, "commentId"), ground: field(form, "ground"), reason: field(form, "reason") };
  const user = await getSessionUser();
  if (!user) return signedOut(values);
  const action = field(form, "action");
  try {
    await moderateComment({ moderator: user, commentId: values.commentId, action, ground: values.ground, reason: values.reason, afterAnswer: after });
    threadChanged();
    return { status: "done", id: values.commentId, outcome: action, at: Date.now() };
  } catch (error) {
    return refusal(error, values, "moderate");
  }
}

/** A moderator's restore of a hidden comment after an appeal that holds; the domain checks that the user is a moderator. */
export async function submitRestore(_state: CommentFormState, form: FormData): Promise<CommentFormState> {
  const values = { commentId: field(form, "commentId"), note: field(form, "note") };
  const user = await getSessionUser();
  if (!user) return signedOut(values);
  try {
    await restoreComment({ moderator: user, commentId: values.commentId, note: values.note, afterAnswer: after });
    threadChanged();
    return { status: "done", id: values.commentId, outcome: "restore", at: Date.now() };
  } catch (error) {
    return refusal(error, values, "restore");
  }
}
