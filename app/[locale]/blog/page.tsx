import { Link } from "@/components/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { blogPostPath } from "@/config/routes";
import { listPosts } from "@/server/blog/list-posts";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "blog" });
  return pageMetadata({ locale, route: "/blog", title: t("title"), description: t("lead") });
}

export default async function BlogPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("blog");
  const format = await getFormatter();
  const posts = await listPosts({ locale });
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      {posts.length === 0 ? <p>{t("empty")}</p> : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {posts.map((post) => (
          <li key={post.slug.join("/")} className="flex flex-col rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
            <h2 className="text-xl font-semibold text-gray-950 dark:text-white">
              <Link href={blogPostPath(post.slug, locale)} className="underline-offset-4 hover:underline">
                {post.title}
              </Link>
            </h2>
            <p className="mt-2 flex-1 text-gray-700 dark:text-gray-300">{post.description}</p>
            <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
              <time dateTime={post.date}>{format.dateTime(new Date(post.date), { day: "numeric", month: "long", year: "numeric" })}</time>
              {" · "}
              {t("readingTime", { minutes: post.readingMinutes })}
            </p>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}
