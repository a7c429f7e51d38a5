import { Link } from "@/components/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { ArrowLeft } from "lucide-react";
import { Markdown } from "@/components/markdown";
import { PageContainer } from "@/components/layout/page-header";
import { AlternatePaths } from "@/components/layout/alternate-paths";
import { blogPostPath, isLocale, pathFor, type Locale } from "@/config/routes";
import { env } from "@/env";
import { getPost } from "@/server/blog/get-post";
import { findTranslation } from "@/server/blog/find-translation";
import type { Post } from "@/server/blog/post-schema";
import { pageMetadata } from "@/web/metadata";
import { pageLocale } from "@/web/page-params";

type Props = { params: Promise<{ locale: string; slug: string[] }> };

async function load(params: Props["params"]): Promise<{ locale: Locale; post: Post; paths: Partial<Record<Locale, string>> }> {
  const { slug } = await params;
  const locale = await pageLocale(params);
  const post = await getPost({ locale, slug: slug.map(decodeURIComponent) });
  if (!post) notFound();
  const paths: Partial<Record<Locale, string>> = {};
  for (const other of ["pl", "en"] as const) {
    const translated = await findTranslation({ post, locale: other });
    if (translated && isLocale(other)) paths[other] = blogPostPath(translated, other);
  }
  return { locale, post, paths };
}

export async function generateMetadata({ params }: Props) {
  const { locale, post, paths } = await load(params);
  return pageMetadata({ locale, route: "/blog", title: post.title, description: post.description, paths });
}

export default async function BlogPostPage({ params }: Props) {
  const { locale, post, paths } = await load(params);
  const t = await getTranslations("blog");
  const tLegal = await getTranslations("legal");
  const format = await getFormatter();
  return (
    <PageContainer>
      <AlternatePaths paths={paths} />
      <article className="mx-auto max-w-3xl">
        <Link href={pathFor("/blog", locale)} className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-primary-700 dark:text-primary-300">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t("back")}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-gray-950 sm:text-4xl dark:text-white">{post.title}</h1>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          <time dateTime={post.date}>{t("published", { date: format.dateTime(new Date(post.date), { day: "numeric", month: "long", year: "numeric" }) })}</time>
          {" · "}
          {t("readingTime", { minutes: post.readingMinutes })}
        </p>
        <Markdown variant="content" externalLinkHint={tLegal("newTab")} siteUrl={env().appUrl} className="mt-8">
          {post.markdown}
        </Markdown>
      </article>
    </PageContainer>
  );
}
