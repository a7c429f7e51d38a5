import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { comment } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { commentIdOrThrow } from "./comment-rules";
import { eraseComments } from "./erase-comments";
import { pruneTombstones } from "./prune-tombstones";

/**
 * Deletes the author's own comment, whatever its state. With replies it stays as a "comment deleted"
 * placeholder so the conversation keeps its shape; without, the row goes, and so do placeholders above it
 * left without replies. Counts against the `commentChange` rate limit (RATE_LIMITED); `thread` says where.
 */
export async function deleteComment(options: { userId: string; commentId: unknown }): Promise<{ placeholder: boolean; thread: string }> {
  const id = commentIdOrThrow(options.commentId);
  const db = await getDb();
  await hitRateLimit({ rule: "commentChange", subject: options.userId, db });
  return db.transaction(async (tx) => {
    // Exclusive: a reply being posted holds this row shared until it is in, so it cannot be missed below.
    const [row] = await tx
      .select({ authorId: comment.authorId, status: comment.status, thread: comment.thread })
      .from(comment)
      .where(eq(comment.id, id))
      .for("update");
    if (!row || row.status === "deleted") throw new AppError("NOT_FOUND", { reason: "comment" });
    if (row.authorId !== options.userId) throw new AppError("FORBIDDEN", { reason: "notYours" });
    const [reply] = await tx.select({ id: comment.id }).from(comment).where(eq(comment.parentId, id)).limit(1);
    if (reply) {
      await eraseComments(tx, [id]);
      return { placeholder: true, thread: row.thread };
    }
    await tx.delete(comment).where(eq(comment.id, id));
    await pruneTombstones(tx, [row.thread]);
    return { placeholder: false, thread: row.thread };
  });
}
