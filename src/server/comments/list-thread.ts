import { createHash } from "node:crypto";
import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { comment, type ModerationGround } from "@/server/db/schema";
import { commentRules } from "./comment-rules";

/** A comment as one reader may see it. */
export type CommentNode = {
  id: string;
  /**
   * `published`: text for everyone. `deleted`: a placeholder kept for its replies. `withheld`: hidden or
   * removed by the moderators, a placeholder for everyone but its author, who sees `moderation`.
   */
  state: "published" | "deleted" | "withheld";
  /** Null for a placeholder, and for the author's own removed comment (its text was erased). */
  body: string | null;
  /**
   * The author's pseudonym, e.g. "#3FA2C1" (shown as "Czytelnik #3FA2C1"): the same for all their
   * comments, and never their name or e-mail, which sign-up takes from the address.
   */
  authorCode: string | null;
  mine: boolean;
  createdAt: Date;
  editedAt: Date | null;
  /** Until when the reader may still edit it (own published comments in the window), else null. */
  editableUntil: Date | null;
  /** The moderators' statement of reasons, for the author only. */
  moderation: { action: "hidden" | "removed"; ground: ModerationGround | null; reason: string; at: Date } | null;
  replies: CommentNode[];
};

export type Thread = { comments: CommentNode[]; /** Published comments, the number shown beside the heading. */ count: number };

/**
 * A post's comments as a tree, oldest first at every level, for `viewerId` (or a signed-out reader).
 * A placeholder (deleted, or withheld for others than its author) is shown only when replies are shown
 * under it; a withheld comment is always shown to its author, with the reason.
 */
export async function listThread(options: { thread: string; viewerId: string | null }): Promise<Thread> {
  const db = await getDb();
  const rows = await db
    .select({
      id: comment.id,
      parentId: comment.parentId,
      authorId: comment.authorId,
      body: comment.body,
      status: comment.status,
      createdAt: comment.createdAt,
      editedAt: comment.editedAt,
      moderatedAt: comment.moderatedAt,
      moderationGround: comment.moderationGround,
      moderationReason: comment.moderationReason,
    })
    .from(comment)
    .where(eq(comment.thread, options.thread))
    .orderBy(asc(comment.createdAt), asc(comment.id));

  const now = Date.now();
  const nodes = new Map<string, CommentNode>();
  const parents = new Map<string, string | null>();
  for (const row of rows) {
    const mine = options.viewerId !== null && row.authorId === options.viewerId;
    const withheld = row.status === "hidden" || row.status === "removed";
    const state = row.status === "published" ? "published" : row.status === "deleted" ? "deleted" : "withheld";
    const editableUntil = new Date(row.createdAt.getTime() + commentRules.editWindowMs);
    parents.set(row.id, row.parentId);
    nodes.set(row.id, {
      id: row.id,
      state,
      body: state === "published" || (mine && row.status === "hidden") ? row.body : null,
      authorCode: (state === "published" || mine) && row.authorId ? authorCode(row.authorId) : null,
      mine,
      createdAt: row.createdAt,
      editedAt: state === "published" || mine ? row.editedAt : null,
      editableUntil: mine && state === "published" && editableUntil.getTime() > now ? editableUntil : null,
      moderation:
        mine && withheld
          ? { action: row.status as "hidden" | "removed", ground: row.moderationGround, reason: row.moderationReason ?? "", at: row.moderatedAt ?? row.createdAt }
          : null,
      replies: [],
    });
  }
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    const parentId = parents.get(node.id);
    const parent = parentId ? nodes.get(parentId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  let count = 0;
  const keep = (list: CommentNode[]): CommentNode[] =>
    list.filter((node) => {
      node.replies = keep(node.replies);
      if (node.state === "published") count += 1;
      return node.state === "published" || node.moderation !== null || node.replies.length > 0;
    });
  const comments = keep(roots);
  return { comments, count };
}

function authorCode(authorId: string): string {
  return `#${createHash("sha256").update(`comment-author:${authorId}`).digest("hex").slice(0, 6).toUpperCase()}`;
}
