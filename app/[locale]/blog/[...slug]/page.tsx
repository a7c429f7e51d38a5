import { Link } from "@/components/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { ArrowLeft } from "lucide-react";
import { Markdown } from "@/components/markdown";
import { PageContainer } from "@/components/layout/page-header";
import { AlternatePaths } from "@/components/layout/alternate-paths";
import { CoverImage } from "@/components/blog/cover-image";
import { DraftBanner } from "@/components/blog/draft-banner";
import { PostCard } from "@/components/blog/post-card";
import { TagLinks } from "@/components/blog/tag-links";
import { blogTags } from "@/config/blog-tags";
import { blogPostPath, locales, type Locale } from "@/config/routes";
import { env } from "@/env";
import { blogListPath } from "@/web/shared/blog-list-path";
import { rssFeedPath } from "@/server/blog/build-rss-feed";
import { findRelatedPosts } from "@/server/blog/find-related-posts";
import { findTranslation } from "@/server/blog/find-translation";
import { getPost } from "@/server/blog/get-post";
import { listPosts } from "@/server/blog/list-posts";
import type { Post } from "@/server/blog/post-schema";
import { pageMetadata } from "@/web/server/metadata";
import { ogPostImagePath } from "@/web/server/og/og-pages";
import { pageLocale } from "@/web/server/page-params";
import { CommentSection } from "@/components/comments/comment-section";
import { isPreview } from "../preview";

type Props = { params: Promise<{ locale: string; slug: string[] }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The post, or 404; a draft only in an editor's preview. */
async function load({ params, searchParams }: Props): Promise<{ locale: Locale; post: Post; preview: boolean; paths: Partial<Record<Locale, string>> }> {
  const { slug } = await params;
  const locale = await pageLocale(params);
  const preview = await isPreview(await searchParams);
  const post = await getPost({ locale, slug: slug.map(decodeURIComponent), includeDrafts: preview });
  if (!post) notFound();
  const paths: Partial<Record<Locale, string>> = { [locale]: blogPostPath(post.slug, locale) };
  for (const other of locales) {
    const translated = other === locale ? null : await findTranslation({ post, locale: other });
    if (translated) paths[other] = blogPostPath(translated, other);
  }
  return { locale, post, preview, paths };
}

export async function generateMetadata(props: Props) {
  const { locale, post, paths } = await load(props);
  const t = await getTranslations({ locale, namespace: "blog" });
  const tMeta = await getTranslations({ locale, namespace: "meta" });
  return pageMetadata({
    locale,
    route: "/blog",
    title: post.title,
    description: post.description,
    paths,
    // A draft is never indexed, and has no image of its own until it is published (images are drawn at build).
    index: !post.draft,
    image: post.draft ? undefined : ogPostImagePath(locale, post.slug),
    feed: { path: rssFeedPath(locale), title: t("feedTitle", { site: tMeta("siteName") }) },
    article: { publishedTime: post.date, tags: post.tags.map((tag) => blogTags[tag][locale]) },
  });
}

export default async function BlogPostPage(props: Props) {
  const { locale, post, preview, paths } = await load(props);
  const t = await getTranslations("blog");
  const tLegal = await getTranslations("legal");
  const format = await getFormatter();
  const related = findRelatedPosts({ post, posts: await listPosts({ locale }) });
  const listHref = blogListPath({ locale, preview });
  return (
    <PageContainer>
      <AlternatePaths paths={paths} />
      <article className="mx-auto max-w-3xl">
        {post.draft ? (
          <DraftBanner
            text={t("draftBanner")}
            exitLabel={t("exitPreview")}
            exitHref={`/api/preview?exit=1&to=${encodeURIComponent(blogListPath({ locale }))}`}
          />
        ) : null}
        <Link href={listHref} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary-700 dark:text-primary-300">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("back")}
        </Link>
        <TagLinks tags={post.tags} locale={locale} label={t("tags")} className="mt-2" />
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl dark:text-white">{post.title}</h1>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          <time dateTime={post.date}>{t("published", { date: format.dateTime(new Date(post.date), { day: "numeric", month: "long", year: "numeric" }) })}</time>
          {" · "}
          {t("readingTime", { minutes: post.readingMinutes })}
        </p>
        {post.cover ? (
          <CoverImage
            cover={post.cover}
            priority
            sizes="(min-width: 48rem) 46rem, calc(100vw - 2rem)"
            className="mt-6 aspect-video w-full rounded-2xl bg-gray-100 object-cover dark:bg-gray-800"
          />
        ) : null}
        <Markdown variant="content" externalLinkHint={tLegal("newTab")} siteUrl={env().appUrl} imageSizes={post.imageSizes} className="mt-8">
          {post.markdown}
        </Markdown>
      </article>

      <CommentSection locale={locale} post={{ locale: post.locale, translationKey: post.translationKey, slug: post.slug, draft: post.draft }} />

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mx-auto mt-16 max-w-6xl border-t border-gray-200 pt-10 dark:border-gray-800">
          <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-gray-950 dark:text-white">
            {t("related")}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {related.map((other) => (
              <li key={other.slug.join("/")}>
                <PostCard post={other} locale={locale} heading="h3" coverSizes="(min-width: 1024px) 22rem, (min-width: 768px) 50vw, 100vw" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageContainer>
  );
}
