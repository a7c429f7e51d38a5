import { getTranslations } from "next-intl/server";
import { isLocale } from "@/config/routes";
import { env } from "@/env";
import { buildRssFeed } from "@/server/blog/build-rss-feed";
import { listPosts } from "@/server/blog/list-posts";

// Absolute links use APP_URL as the server is started with, not as the build knew it.
export const dynamic = "force-dynamic";

/** The RSS 2.0 feed of a language's blog: /blog/rss.xml and /en/blog/rss.xml. */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const [t, tMeta] = await Promise.all([getTranslations({ locale, namespace: "blog" }), getTranslations({ locale, namespace: "meta" })]);
  const xml = buildRssFeed({
    posts: await listPosts({ locale }),
    locale,
    appUrl: env().appUrl,
    title: t("feedTitle", { site: tMeta("siteName") }),
    description: t("lead"),
  });
  return new Response(xml, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
