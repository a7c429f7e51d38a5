import "server-only";
import { and, eq } from "drizzle-orm";
import { isLocale } from "@/config/routes";
import { getDb } from "@/server/db/client";
import { comment } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getPost } from "@/server/blog/get-post";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { commentIdOrThrow, commentRules, normalizeText, threadKey } from "./comment-rules";

/**
 * Posts a comment, or a reply to `parentId`, under the published post at /blog/<slug> in `locale`.
 * Refuses (AppError) an empty or too long text (INVALID_INPUT), a post that does not exist or is a draft
 * (a locale that is not ours included), or a parent that is gone or not in this thread (NOT_FOUND), and
 * more than the `comment` rate limit.
 */
export async function createComment(options: {
  userId: string;
  /** The form's word: anything but one of our locales is a post that does not exist. */
  locale: string;
  slug: readonly string[];
  parentId?: string | null;
  body: unknown;
}): Promise<{ id: string; thread: string }> {
  const body = normalizeText(options.body, commentRules.maxLength, { required: true });
  const post = isLocale(options.locale) ? await getPost({ locale: options.locale, slug: options.slug }) : null;
  if (!post) throw new AppError("NOT_FOUND", { reason: "post" });
  const thread = threadKey(post);
  const parentId = options.parentId ? commentIdOrThrow(options.parentId) : null;
  const db = await getDb();
  // Counted only once the text is acceptable: a refused typo should not use up the reader's allowance.
  await hitRateLimit({ rule: "comment", subject: options.userId, db });
  return db.transaction(async (tx) => {
    if (parentId) {
      // Shares the parent's row lock with other replies; deleteComment takes it exclusively, so a reply
      // and the deletion of its parent cannot miss each other.
      const [parent] = await tx
        .select({ status: comment.status })
        .from(comment)
        .where(and(eq(comment.id, parentId), eq(comment.thread, thread)))
        .for("share");
      if (parent?.status !== "published") throw new AppError("NOT_FOUND", { reason: "comment" });
    }
    const [row] = await tx.insert(comment).values({ thread, parentId, authorId: options.userId, body }).returning({ id: comment.id });
    return { id: row!.id, thread };
  });
}
