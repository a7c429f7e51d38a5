import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { comment } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { commentIdOrThrow, commentRules, normalizeText } from "./comment-rules";

/**
 * Replaces the text of the author's own published comment within the edit window and marks it edited.
 * Refuses another's comment (FORBIDDEN), a deleted or moderated one (NOT_FOUND), and a change after the
 * window (CONFLICT, reason `editWindow`), and more than the `commentChange` rate limit (RATE_LIMITED). The
 * same text again changes nothing: `changed` says whether readers see anything new, `thread` where.
 */
export async function editComment(options: { userId: string; commentId: unknown; body: unknown }): Promise<{ changed: boolean; thread: string }> {
  const body = normalizeText(options.body, commentRules.maxLength, { required: true });
  const id = commentIdOrThrow(options.commentId);
  const db = await getDb();
  await hitRateLimit({ rule: "commentChange", subject: options.userId, db });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authorId: comment.authorId, status: comment.status, body: comment.body, createdAt: comment.createdAt, thread: comment.thread })
      .from(comment)
      .where(eq(comment.id, id))
      .for("update");
    if (!row || row.status !== "published") throw new AppError("NOT_FOUND", { reason: "comment" });
    if (row.authorId !== options.userId) throw new AppError("FORBIDDEN", { reason: "notYours" });
    if (Date.now() > row.createdAt.getTime() + commentRules.editWindowMs) throw new AppError("CONFLICT", { reason: "editWindow", minutes: commentRules.editWindowMs / 60_000 });
    if (row.body === body) return { changed: false, thread: row.thread };
    await tx.update(comment).set({ body, editedAt: new Date() }).where(eq(comment.id, id));
    return { changed: true, thread: row.thread };
  });
}
