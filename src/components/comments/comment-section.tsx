import { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/components/link";
import { blogPostPath, pathFor, type Locale } from "@/config/routes";
import { env } from "@/env";
import { commentRules } from "@/config/comments";
import { loadCommentThread } from "@/web/server/comment-thread";
import { ClientMessages } from "@/web/server/client-messages";
import { getSessionUser } from "@/web/server/session";
import { Announcer } from "./announcer";
import { COMMENTS_HEADING_ID, CommentDeletion } from "./comment-actions";
import { CommentForm } from "./comment-form";
import { CommentList, type ThreadContext } from "./comment-list";

/**
 * The comment thread under a blog post: one per post and language. Anyone reads and reports; signed-in
 * readers write, reply, and edit or delete their own. A draft (editor preview) shows no thread.
 */
export async function CommentSection({ locale, post }: { locale: Locale; post: { locale: Locale; translationKey: string; slug: readonly string[]; draft?: boolean } }) {
  const t = await getTranslations({ locale, namespace: "comments" });
  const user = await getSessionUser();
  const thread = post.draft ? { comments: [], count: 0 } : await loadCommentThread({ post, viewerId: user?.id ?? null });
  const postPath = blogPostPath([...post.slug], post.locale);
  const context: ThreadContext = {
    post: { locale: post.locale, slug: post.slug.join("/") },
    signedIn: user !== null,
    limits: { maxLength: commentRules.maxLength, reportDetailsMaxLength: commentRules.reportDetailsMaxLength },
    format: await getFormatter({ locale }),
    t,
    tModeration: await getTranslations({ locale, namespace: "moderation" }),
    externalLinkHint: (await getTranslations({ locale, namespace: "legal" }))("newTab"),
    siteUrl: env().appUrl,
    contactEmail: env().CONTACT_EMAIL,
  };
  return (
    <section aria-labelledby={COMMENTS_HEADING_ID} className="mx-auto mt-16 max-w-3xl border-t border-gray-200 pt-10 dark:border-gray-800">
      <h2 id={COMMENTS_HEADING_ID} tabIndex={-1} className="text-2xl font-semibold tracking-tight text-gray-950 focus:outline-none dark:text-white">
        {t("title", { count: thread.count })}
      </h2>
      {post.draft ? (
        <p className="mt-4 text-gray-700 dark:text-gray-300">{t("draft")}</p>
      ) : (
        <ClientMessages namespaces={["comments"]}>
          <Announcer>
            <div className="mt-6">
              {user ? (
                <CommentForm mode="new" fields={{ locale: post.locale, slug: context.post.slug }} maxLength={commentRules.maxLength} />
              ) : (
                <p>
                  <Link
                    href={`${pathFor("/login", locale)}?return=${encodeURIComponent(postPath)}`}
                    className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-900 dark:text-primary-300 dark:hover:text-primary-100"
                  >
                    {t("signIn")}
                  </Link>
                </p>
              )}
            </div>
            <CommentDeletion>
              {thread.comments.length > 0 ? (
                <CommentList entries={thread.comments.map((node) => ({ node }))} level={1} context={context} />
              ) : (
                <p className="mt-8 text-gray-700 dark:text-gray-300">{t("empty")}</p>
              )}
            </CommentDeletion>
          </Announcer>
        </ClientMessages>
      )}
    </section>
  );
}
