import "server-only";
import type { Locale } from "@/config/routes";
import { threadKey } from "@/server/comments/comment-rules";
import { listThread, type Thread } from "@/server/comments/list-thread";

/** The comments under a post (its language's thread), as `viewerId` may see them. */
export function loadCommentThread(options: { post: { locale: Locale; translationKey: string }; viewerId: string | null }): Promise<Thread> {
  return listThread({ thread: threadKey(options.post), viewerId: options.viewerId });
}
