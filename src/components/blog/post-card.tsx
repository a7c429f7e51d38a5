import { Link } from "@/components/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { blogPostPath, type Locale } from "@/config/routes";
import type { Post } from "@/server/blog/post-schema";
import { CoverImage } from "./cover-image";
import { TagLinks } from "./tag-links";

/**
 * A post in a list: cover, tags, title (the link), description, date and reading time. The cover is
 * decorative here, the title says what the post is. `preview` keeps an editor's preview on the link.
 */
export async function PostCard({
  post,
  locale,
  heading: Heading = "h2",
  coverSizes,
  priority = false,
  preview = false,
}: {
  post: Post;
  locale: Locale;
  heading?: "h2" | "h3";
  coverSizes: string;
  priority?: boolean;
  preview?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: "blog" });
  const format = await getFormatter({ locale });
  const href = blogPostPath(post.slug, locale) + (preview ? "?preview=1&staging=1" : "");
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      {post.cover ? (
        <CoverImage cover={post.cover} sizes={coverSizes} priority={priority} decorative className="aspect-video w-full bg-gray-100 object-cover dark:bg-gray-800" />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <TagLinks tags={post.tags} locale={locale} label={t("tags")} />
        <Heading className="text-xl font-semibold text-balance text-gray-950 dark:text-white">
          <Link href={href} className="underline-offset-4 hover:underline">
            {post.title}
          </Link>
          {post.draft ? (
            <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 align-middle text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">{t("draftBadge")}</span>
          ) : null}
        </Heading>
        <p className="flex-1 text-gray-700 dark:text-gray-300">{post.description}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <time dateTime={post.date}>{format.dateTime(new Date(post.date), { day: "numeric", month: "long", year: "numeric" })}</time>
          {" · "}
          {t("readingTime", { minutes: post.readingMinutes })}
        </p>
      </div>
    </article>
  );
}
