import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Rss } from "lucide-react";
import { Link } from "@/components/link";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { DraftBanner } from "@/components/blog/draft-banner";
import { Pagination } from "@/components/blog/pagination";
import { PostCard } from "@/components/blog/post-card";
import { blogTagIds, blogTags, type BlogTag } from "@/config/blog-tags";
import { locales, type Locale } from "@/config/routes";
import { blogListPath } from "@/web/shared/blog-list-path";
import { rssFeedPath } from "@/server/blog/build-rss-feed";
import { listPosts } from "@/server/blog/list-posts";
import { paginatePosts } from "@/server/blog/paginate-posts";
import { parseListQuery } from "@/server/blog/parse-list-query";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale } from "@/web/server/page-params";
import { isPreview } from "./preview";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The posts of one page of the list (`?page`, `?tag`), or 404 for a page or tag that does not exist. */
async function load({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const search = await searchParams;
  const query = parseListQuery(search);
  if (!query) notFound();
  const preview = await isPreview(search);
  const page = paginatePosts({ posts: await postsOf(locale, query.tag, preview), page: query.page });
  if (!page) notFound();
  return { locale, tag: query.tag, preview, ...page };
}

async function postsOf(locale: Locale, tag: BlogTag | null, includeDrafts = false) {
  const posts = await listPosts({ locale, includeDrafts });
  return tag ? posts.filter((post) => post.tags.includes(tag)) : posts;
}

export async function generateMetadata(props: Props) {
  const { locale, tag, page, preview } = await load(props);
  const t = await getTranslations({ locale, namespace: "blog" });
  const tMeta = await getTranslations({ locale, namespace: "meta" });
  // The same page of the list in each language, where that language has as many pages.
  const paths: Partial<Record<Locale, string>> = {};
  for (const other of locales) {
    if (other === locale || paginatePosts({ posts: await postsOf(other, tag), page })) paths[other] = blogListPath({ locale: other, page, tag });
  }
  const heading = tag ? t("tagTitle", { tag: blogTags[tag][locale] }) : t("title");
  return pageMetadata({
    locale,
    route: "/blog",
    title: page > 1 ? t("pageTitle", { title: heading, page }) : heading,
    description: t("lead"),
    paths,
    // A tag's list repeats posts the main list has; the preview shows drafts.
    index: !tag && !preview,
    feed: { path: rssFeedPath(locale), title: t("feedTitle", { site: tMeta("siteName") }) },
  });
}

export default async function BlogPage(props: Props) {
  const { locale, tag, preview, posts, page, pageCount } = await load(props);
  const t = await getTranslations("blog");
  const tMeta = await getTranslations("meta");
  const href = (target: { page?: number; tag?: BlogTag | null }) => blogListPath({ locale, preview, ...target });
  // The filter in force is marked; as "page" only where its link leads to this very page (page 1).
  const current = (id: BlogTag | null) => (id !== tag ? undefined : page === 1 ? "page" : "true");
  const chip = (id: BlogTag | null) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
      id === tag
        ? "border-primary-700 bg-primary-700 text-white dark:border-primary-300 dark:bg-primary-300 dark:text-gray-950"
        : "border-gray-200 text-gray-800 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800"
    }`;
  return (
    <PageContainer>
      {preview ? <DraftBanner text={t("draftBanner")} exitLabel={t("exitPreview")} exitHref={`/api/preview?exit=1&to=${encodeURIComponent(href({ page, tag }))}`} /> : null}
      <PageHeader title={tag ? t("tagTitle", { tag: blogTags[tag][locale] }) : t("title")} lead={t("lead")}>
        <p>
          {/* A plain link: the feed is XML for a reader, not a page for the router. */}
          <a href={rssFeedPath(locale)} type="application/rss+xml" title={t("feedTitle", { site: tMeta("siteName") })} className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-300">
            <Rss aria-hidden="true" className="size-4" />
            {t("rss")}
          </a>
        </p>
      </PageHeader>
      <nav aria-label={t("topics")} className="mb-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={href({})} aria-current={current(null)} className={chip(null)}>
              {t("allTopics")}
            </Link>
          </li>
          {blogTagIds.map((id) => (
            <li key={id}>
              <Link href={href({ tag: id })} aria-current={current(id)} className={chip(id)}>
                {blogTags[id][locale]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {posts.length === 0 ? <p>{tag ? t("tagEmpty") : t("empty")}</p> : null}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <li key={post.slug.join("/")}>
            <PostCard
              post={post}
              locale={locale}
              preview={preview}
              priority={index === 0}
              coverSizes="(min-width: 1024px) 22rem, (min-width: 768px) 50vw, 100vw"
            />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) => href({ page: n, tag })}
        labels={{ nav: t("pagination"), previous: t("previous"), next: t("next"), page: (n) => t("pageNumber", { page: n }) }}
      />
    </PageContainer>
  );
}
