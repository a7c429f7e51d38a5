import "server-only";
import { sharedPagesChanged } from "@/server/http/shared-pages-changed";
import { findPostOfThread } from "./find-post-of-thread";

/**
 * The shared page cache renders anew the posts whose comment threads changed, and only those (a thread
 * belongs to one post in one language). A thread whose post is gone has no page to forget.
 */
export async function forgetThreadPages(options: { threads: readonly string[] }): Promise<void> {
  const posts = await Promise.all(options.threads.map((thread) => findPostOfThread(thread)));
  const paths = posts.flatMap((post) => (post ? [post.path] : []));
  if (paths.length > 0) sharedPagesChanged({ paths });
}
