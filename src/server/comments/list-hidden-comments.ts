import "server-only";
import { desc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { comment, user, type ModerationGround } from "@/server/db/schema";

export type HiddenComment = {
  id: string;
  thread: string;
  body: string;
  authorName: string | null;
  authorEmail: string | null;
  createdAt: Date;
  moderatedAt: Date | null;
  ground: ModerationGround | null;
  reason: string | null;
};

/** How many hidden comments the moderation page lists, the latest decisions first (appeals come within months). */
export const HIDDEN_LISTED = 50;

/** Hidden comments, which a moderator may restore when an appeal holds (restoreComment). */
export async function listHiddenComments(): Promise<HiddenComment[]> {
  const db = await getDb();
  return db
    .select({
      id: comment.id,
      thread: comment.thread,
      body: comment.body,
      authorName: user.name,
      authorEmail: user.email,
      createdAt: comment.createdAt,
      moderatedAt: comment.moderatedAt,
      ground: comment.moderationGround,
      reason: comment.moderationReason,
    })
    .from(comment)
    .leftJoin(user, eq(user.id, comment.authorId))
    .where(eq(comment.status, "hidden"))
    .orderBy(desc(comment.moderatedAt), desc(comment.id))
    .limit(HIDDEN_LISTED);
}
