import "server-only";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { comment, commentReport } from "@/server/db/schema";

/** For the data export: the user's comments (with any moderators' statement) and the reports they filed. */
export async function listCommentsOfUser(db: DbOrTx, userId: string) {
  const comments = await db
    .select({
      id: comment.id,
      thread: comment.thread,
      parentId: comment.parentId,
      body: comment.body,
      status: comment.status,
      createdAt: comment.createdAt,
      editedAt: comment.editedAt,
      moderatedAt: comment.moderatedAt,
      moderationGround: comment.moderationGround,
      moderationReason: comment.moderationReason,
    })
    .from(comment)
    .where(eq(comment.authorId, userId))
    .orderBy(asc(comment.createdAt));
  const reports = await db
    .select({
      commentId: commentReport.commentId,
      reason: commentReport.reason,
      details: commentReport.details,
      createdAt: commentReport.createdAt,
      resolvedAt: commentReport.resolvedAt,
      resolution: commentReport.resolution,
    })
    .from(commentReport)
    .where(eq(commentReport.reporterId, userId))
    .orderBy(asc(commentReport.createdAt));
  return { comments, commentReports: reports };
}
