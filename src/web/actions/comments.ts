"use server";

import { headers } from "next/headers";
import { refresh } from "next/cache";
import { after } from "next/server";
import { z } from "zod";
import { createComment } from "@/server/comments/create-comment";
import { deleteComment } from "@/server/comments/delete-comment";
import { editComment } from "@/server/comments/edit-comment";
import { moderateComment } from "@/server/comments/moderate-comment";
import { reportComment } from "@/server/comments/report-comment";
import { restoreComment } from "@/server/comments/restore-comment";
import { forgetThreadPages } from "@/server/comments/forget-thread-pages";
import type { Wording } from "@/server/http/error-answer";
import { sharedPagesChanged } from "@/server/http/shared-pages-changed";
import { action } from "./action";
import type { ActionResult } from "./action-result";

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

/** What a comment form learns of a success: the comment to move focus to and, for a moderator, what was done. */
export type CommentDone = { id?: string; outcome?: string };
export type CommentResult = ActionResult<CommentDone>;

// The thread's and the moderation queue's own sentences (`comments.errors`, `moderation.errors`).
const commentKeys = {
  UNAUTHORIZED: "signedOut",
  RATE_LIMITED: "rateLimited",
  "INVALID_INPUT:empty": "empty",
  "INVALID_INPUT:tooLong": "tooLong",
  "INVALID_INPUT:reason": "reason",
  "INVALID_INPUT:detailsRequired": "detailsRequired",
  "INVALID_INPUT:email": "email",
  "CONFLICT:editWindow": "editWindow",
  "FORBIDDEN:notYours": "notYours",
  NOT_FOUND: "gone",
  "NOT_FOUND:post": "postGone",
};
const commentWording: Wording = { namespace: "comments", keys: commentKeys };
const reportWording: Wording = { namespace: "comments", keys: { ...commentKeys, RATE_LIMITED: "reportRateLimited" } };
const moderationWording: Wording = {
  namespace: "moderation",
  keys: { UNAUTHORIZED: "signedOut", "INVALID_INPUT:ground": "ground", "INVALID_INPUT:empty": "empty", "INVALID_INPUT:tooLong": "tooLong", CONFLICT: "decided", FORBIDDEN: "forbidden", NOT_FOUND: "gone" },
};

// Missing fields are empty: the domain says which one is wanted.
const text = z.string().default("");

/** A new comment or, with `parentId`, a reply, under the post the form sits on (`locale`, `slug`). */
export const submitComment = action(
  z.object({ body: text, locale: text, slug: text, parentId: text }),
  async (input, { user }) => {
    const { id, thread } = await createComment({ userId: user.id, locale: input.locale, slug: input.slug.split("/"), parentId: input.parentId || null, body: input.body });
    await postChanged(thread);
    return { id };
  },
  { context: "comments.create", auth: "required", keep: ["body"], wording: commentWording },
);

export const submitEdit = action(
  z.object({ body: text, commentId: text }),
  async (input, { user }) => {
    const { changed, thread } = await editComment({ userId: user.id, commentId: input.commentId, body: input.body });
    if (changed) await postChanged(thread);
    return { id: input.commentId };
  },
  { context: "comments.edit", auth: "required", keep: ["body"], wording: commentWording },
);

/** One action for every delete form of a thread (the form goes with its comment): `values.commentId` says whose result it is. */
export const submitDelete = action(
  z.object({ commentId: text }),
  async (input, { user }) => {
    const { thread } = await deleteComment({ userId: user.id, commentId: input.commentId });
    await postChanged(thread);
    return { id: input.commentId };
  },
  { context: "comments.delete", auth: "required", keep: ["commentId"], wording: commentWording },
);

/** A report from anyone: signed-out visitors are limited by their address and may leave an e-mail. */
export const submitReport = action(
  z.object({ commentId: text, reason: text, details: text, email: text }),
  async (input, { user }) => {
    await reportComment({
      commentId: input.commentId,
      reason: input.reason,
      details: input.details,
      reporterId: user?.id ?? null,
      reporterEmail: input.email,
      // server.ts puts the client's address here (the proxy's, when TRUST_PROXY says so).
      clientAddress: (await headers()).get("x-forwarded-for") ?? "unknown",
      afterAnswer: after,
    });
    return {};
  },
  { context: "comments.report", auth: "optional", keep: ["reason", "details", "email"], wording: reportWording },
);

/**
 * A moderator's hide, remove or dismiss; the domain checks that the user is a moderator. One action for
 * the whole queue (a decided comment leaves it, form and all): `values.commentId` says whose result it is.
 */
export const submitModeration = action(
  z.object({ commentId: text, ground: text, reason: text, action: text }),
  async (input, { user }) => {
    await moderateComment({ moderator: user, commentId: input.commentId, action: input.action, ground: input.ground, reason: input.reason, afterAnswer: after });
    threadChanged();
    return { id: input.commentId, outcome: input.action };
  },
  { context: "comments.moderate", auth: "required", keep: ["commentId", "ground", "reason"], wording: moderationWording },
);

/** A moderator's restore of a hidden comment after an appeal that holds; the domain checks that the user is a moderator. */
export const submitRestore = action(
  z.object({ commentId: text, note: text }),
  async (input, { user }) => {
    await restoreComment({ moderator: user, commentId: input.commentId, note: input.note, afterAnswer: after });
    threadChanged();
    return { id: input.commentId, outcome: "restore" };
  },
  { context: "comments.restore", auth: "required", keep: ["commentId", "note"], wording: moderationWording },
);
