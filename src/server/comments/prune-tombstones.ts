import "server-only";
import { and, eq, inArray, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "@/server/db/client";
import { comment } from "@/server/db/schema";

const reply = alias(comment, "reply");

/**
 * Deletes the "comment deleted" placeholders of these threads that no longer have replies, level by level
 * up the thread, so a placeholder goes with its last reply. A placeholder never gets new replies (only
 * published comments can be answered), so nothing can attach to a row while it is being removed.
 */
export async function pruneTombstones(tx: Tx, threads: string[]): Promise<void> {
  if (threads.length === 0) return;
  for (;;) {
    const removed = await tx
      .delete(comment)
      .where(
        and(
          inArray(comment.thread, threads),
          eq(comment.status, "deleted"),
          notExists(tx.select({ id: reply.id }).from(reply).where(eq(reply.parentId, comment.id))),
        ),
      )
      .returning({ id: comment.id });
    if (removed.length === 0) return;
  }
}
