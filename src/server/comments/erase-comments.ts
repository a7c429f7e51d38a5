import "server-only";
import { and, inArray, isNull } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { comment, commentReport } from "@/server/db/schema";

/**
 * Turns comments into "comment deleted" placeholders: their place in the thread stays for the replies,
 * nothing of the text, the author or a moderators' statement does. Open reports about them are closed,
 * as there is nothing left to decide. Callers prune the placeholders that have no replies.
 */
export async function eraseComments(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(comment)
    .set({ status: "deleted", body: "", authorId: null, editedAt: null, moderatedAt: null, moderatedBy: null, moderationGround: null, moderationReason: null })
    .where(inArray(comment.id, ids));
  await tx
    .update(commentReport)
    .set({ resolvedAt: new Date(), resolution: "authorDeleted" })
    .where(and(inArray(commentReport.commentId, ids), isNull(commentReport.resolvedAt)));
}
