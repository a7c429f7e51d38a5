import "server-only";
import { blogTags } from "@/config/blog-tags";
import { blogPostPath, pathFor, type Locale } from "@/config/routes";
import type { Post } from "./post-schema";

/** Where a language's feed is served (app/[locale]/blog/rss.xml). */
export function rssFeedPath(locale: Locale): string {
  return `${pathFor("/blog", locale)}/rss.xml`;
}

/**
 * The RSS 2.0 document of one language's blog: its published posts, newest first, with absolute links
 * (`appUrl` is the site's public address) and an atom:link to the feed itself, as validators ask.
 * Drafts never appear, whatever the caller passes.
 */
export function buildRssFeed({
  posts,
  locale,
  appUrl,
  title,
  description,
}: {
  posts: Post[];
  locale: Locale;
  appUrl: string;
  title: string;
  description: string;
}): string {
  const published = posts.filter((post) => !post.draft && post.locale === locale).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const blogUrl = appUrl + pathFor("/blog", locale);
  const items = published.map((post) => {
    const url = appUrl + blogPostPath(post.slug, locale);
    return [
      "    <item>",
      element("title", post.title, 6),
      element("link", url, 6),
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      element("pubDate", rfc822(post.date), 6),
      element("description", post.description, 6),
      ...post.tags.map((tag) => element("category", blogTags[tag][locale], 6)),
      "    </item>",
    ].join("\n");
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "  <channel>",
    element("title", title, 4),
    element("link", blogUrl, 4),
    element("description", description, 4),
    element("language", locale, 4),
    ...(published[0] ? [element("lastBuildDate", rfc822(published[0].date), 4)] : []),
    `    <atom:link href="${escapeXml(appUrl + rssFeedPath(locale))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

function element(name: string, text: string, indent: number): string {
  return `${" ".repeat(indent)}<${name}>${escapeXml(text)}</${name}>`;
}

/** Text and attribute values: the five XML entities, and characters XML 1.0 does not allow dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** RSS dates are RFC 822; a post has a day, not a time, so midnight UTC. */
function rfc822(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}
