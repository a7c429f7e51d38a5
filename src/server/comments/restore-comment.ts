import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { comment } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { commentIdOrThrow, commentRules, normalizeText } from "./comment-rules";
import { isModerator } from "./is-moderator";
import { sendRestoredMail } from "./send-restored-mail";

/**
 * A moderator takes back a hide, as an appeal that holds requires (DSA Art. 20(4)): the comment is published
 * again, its statement of reasons withdrawn, and its author told by e-mail, with the moderator's note if
 * one was written. A removed comment cannot come back: its text was erased. The mail goes out through
 * `afterAnswer` when given (a request passes Next's `after`), at once otherwise. Refusals: FORBIDDEN (not a
 * moderator), INVALID_INPUT (reason `tooLong`), NOT_FOUND, CONFLICT (not hidden).
 */
export async function restoreComment(options: {
  moderator: { id: string; email: string; emailVerified: boolean };
  commentId: unknown;
  note?: unknown;
  afterAnswer?: (task: () => Promise<void>) => void;
}): Promise<void> {
  if (!isModerator(options.moderator)) throw new AppError("FORBIDDEN", { reason: "notModerator" });
  const id = commentIdOrThrow(options.commentId);
  const note = normalizeText(options.note, commentRules.moderationReasonMaxLength, { required: false });
  const db = await getDb();
  const restored = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: comment.status, authorId: comment.authorId, thread: comment.thread }).from(comment).where(eq(comment.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", { reason: "comment" });
    if (row.status !== "hidden") throw new AppError("CONFLICT", { reason: "notHidden" });
    await tx
      .update(comment)
      .set({ status: "published", moderatedAt: null, moderatedBy: null, moderationGround: null, moderationReason: null })
      .where(eq(comment.id, id));
    return row;
  });
  log.info("comments.restored", { commentId: id, moderatorId: options.moderator.id });
  const mail = () =>
    sendRestoredMail({ thread: restored.thread, commentId: id, authorId: restored.authorId, note }).catch((error: unknown) =>
      log.error("comments.restored_mail_failed", { commentId: id, error }),
    );
  if (options.afterAnswer) options.afterAnswer(mail);
  else await mail();
}
