import { isLocale, locales } from "@/config/routes";
import { blogTags } from "@/config/blog-tags";
import { catalogs } from "@/i18n/catalogs";
import { getPost } from "@/server/blog/get-post";
import { listPosts } from "@/server/blog/list-posts";
import { ogPageImagePath, ogPageKeyOf, ogPageTitles, ogPostImagePath, type OgPageKey } from "@/web/server/og/og-pages";
import { renderOgImage } from "@/web/server/og/render-og-image";
import { publicRoute } from "@/web/server/api-route";

/**
 * Open Graph images of the public pages and the published posts (addresses from src/web/server/og/og-pages.ts),
 * drawn at build time. Listing the posts here also makes `next build` read every post file, so a broken
 * frontmatter or a missing cover stops the build.
 */
export const dynamic = "force-static";
export const dynamicParams = false;

type Params = { locale: string; page: string[] };

export async function generateStaticParams(): Promise<Params[]> {
  // The segments after /api/og/<locale>/ of an image's address.
  const page = (address: string) => address.split("/").slice(4);
  const params: Params[] = [];
  for (const locale of locales) {
    for (const key of Object.keys(ogPageTitles) as OgPageKey[]) params.push({ locale, page: page(ogPageImagePath(locale, key)) });
    for (const post of await listPosts({ locale })) params.push({ locale, page: page(ogPostImagePath(locale, post.slug)) });
  }
  return params;
}

export const GET = publicRoute({ context: "og" }, async ({ params: { locale, page } }: { params: Params }) => {
  if (!isLocale(locale)) return notFound();
  const messages = catalogs[locale];
  const siteName = messages.meta.siteName;

  const key = ogPageKeyOf(page);
  if (key) return renderOgImage({ siteName, title: ogPageTitles[key](messages), footer: messages.footer.tagline });

  if (page[0] === "blog" && page.length > 1) {
    const post = await getPost({ locale, slug: page.slice(1) });
    if (post) {
      const kicker = [messages.blog.title, ...post.tags.map((tag) => blogTags[tag][locale])].join(" · ");
      return renderOgImage({ siteName, kicker, title: post.title, background: post.cover?.src });
    }
  }
  return notFound();
});

function notFound() {
  return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
}
