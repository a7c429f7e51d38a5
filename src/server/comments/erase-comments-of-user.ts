import "server-only";
import { eq } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { comment } from "@/server/db/schema";
import { eraseComments } from "./erase-comments";
import { pruneTombstones } from "./prune-tombstones";

/**
 * For a deleted account: its comments without replies go; those with replies become "comment deleted"
 * placeholders (no text, no author), so other people's replies stay readable where they were. Reports
 * the user filed stay, without their account (reporter_id is set null with the user row). Returns the
 * threads that changed.
 */
export async function eraseCommentsOfUser(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: comment.id, thread: comment.thread }).from(comment).where(eq(comment.authorId, userId)).for("update");
  await eraseComments(
    tx,
    rows.map((row) => row.id),
  );
  const threads = [...new Set(rows.map((row) => row.thread))];
  await pruneTombstones(tx, threads);
  return threads;
}
