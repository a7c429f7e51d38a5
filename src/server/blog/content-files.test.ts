import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isBlogTag } from "@/config/blog-tags";
import { locales, matchPath } from "@/config/routes";
import { findTranslation } from "./find-translation";
import { getPost } from "./get-post";
import { listPosts } from "./list-posts";
import { POSTS_PER_PAGE } from "./paginate-posts";
import type { Post } from "./post-schema";

const PUBLISHED_PER_LOCALE = 7;
/** Covers are shown six to a page; past this one costs more than it adds (scripts/blog/make-covers.mjs). */
const COVER_MAX_BYTES = 120 * 1024;

const name = (post: Post) => `${post.locale}/${post.slug.join("/")}`;
const publicFile = (sitePath: string) => path.join(process.cwd(), "public", sitePath);
const isFile = (file: string) => stat(file).then((found) => found.isFile(), () => false);

/** Markdown links and images to site paths: `[text](/path)` and `![alt](/path)`. */
function sitePathsIn(markdown: string): { image: boolean; target: string }[] {
  return [...markdown.matchAll(/(!?)\[[^\]]*\]\((\/[^)\s]*)\)/g)].map((m) => ({ image: m[1] === "!", target: m[2] ?? "" }));
}

/** The posts shipped in content/blog: every file must load, and every published article must exist in both languages. */
describe("content/blog", () => {
  it("loads every file in every language (frontmatter, locale, unique slugs, covers)", async () => {
    for (const locale of locales) {
      const files = (await readdir(path.join(process.cwd(), "content/blog", locale), { recursive: true })).filter((f) =>
        f.endsWith(".md"),
      );
      const posts = await listPosts({ locale, includeDrafts: true });
      expect(posts).toHaveLength(files.length);
    }
  });

  it(`has ${PUBLISHED_PER_LOCALE} published posts in each language (a second list page), each with its translation`, async () => {
    for (const locale of locales) {
      const posts = await listPosts({ locale });
      expect(posts).toHaveLength(PUBLISHED_PER_LOCALE);
      expect(posts.length).toBeGreaterThan(POSTS_PER_PAGE);
      const other = locale === "pl" ? "en" : "pl";
      for (const post of posts) {
        const slug = await findTranslation({ post, locale: other });
        expect(slug, `${name(post)} has no ${other} version`).not.toBeNull();
        const translation = await getPost({ locale: other, slug: slug! });
        expect(translation?.date, name(post)).toBe(post.date);
        expect(translation?.tags, name(post)).toEqual(post.tags);
        expect(translation?.cover?.src, name(post)).toBe(post.cover?.src);
      }
    }
  });

  it("keeps a multi-segment slug in each language", async () => {
    for (const locale of locales) {
      expect((await listPosts({ locale })).some((post) => post.slug.length > 1)).toBe(true);
    }
  });

  it("keeps published posts between 450 and 950 words, with no second h1", async () => {
    for (const locale of locales) {
      for (const post of await listPosts({ locale })) {
        const words = post.markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
        expect(words, name(post)).toBeGreaterThanOrEqual(450);
        expect(words, name(post)).toBeLessThanOrEqual(950);
        expect(post.markdown, name(post)).not.toMatch(/^#\s/m);
        expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("gives every published post 1–3 known tags and a 1200×630 cover on disk, described in its language", async () => {
    for (const locale of locales) {
      for (const post of await listPosts({ locale })) {
        expect(post.tags.length, name(post)).toBeGreaterThanOrEqual(1);
        expect(post.tags.length, name(post)).toBeLessThanOrEqual(3);
        expect(post.tags.every(isBlogTag), name(post)).toBe(true);
        const cover = post.cover;
        expect(cover, name(post)).not.toBeNull();
        expect(cover!.src, name(post)).toMatch(/^\/blog\/covers\/[a-z0-9-]+\.webp$/);
        expect((await stat(publicFile(cover!.src))).size, cover!.src).toBeLessThanOrEqual(COVER_MAX_BYTES);
        expect([cover!.width, cover!.height], cover!.src).toEqual([1200, 630]);
        expect(cover!.alt.length, name(post)).toBeGreaterThan(20);
      }
    }
  });

  it("links only to pages of its own language that exist, and embeds only images that exist", async () => {
    for (const locale of locales) {
      for (const post of await listPosts({ locale })) {
        for (const { image, target } of sitePathsIn(post.markdown)) {
          if (image) {
            expect(await isFile(publicFile(target)), `${name(post)}: ${target}`).toBe(true);
            continue;
          }
          const route = matchPath(target);
          expect(route?.locale, `${name(post)}: ${target}`).toBe(locale);
          // A link to a draft would be a 404 for readers.
          if (route?.params) expect(await getPost({ locale, slug: route.params.slug }), `${name(post)}: ${target}`).not.toBeNull();
        }
      }
    }
  });

  it("has exactly one draft per language, the same article, hidden from the list and from its URL", async () => {
    const keys = new Set<string>();
    for (const locale of locales) {
      const drafts = (await listPosts({ locale, includeDrafts: true })).filter((post) => post.draft);
      expect(drafts, locale).toHaveLength(1);
      const draft = drafts[0]!;
      keys.add(draft.translationKey);
      expect((await listPosts({ locale })).some((post) => post.translationKey === draft.translationKey)).toBe(false);
      expect(await getPost({ locale, slug: draft.slug })).toBeNull();
      expect((await getPost({ locale, slug: draft.slug, includeDrafts: true }))?.translationKey).toBe(draft.translationKey);
    }
    expect(keys.size).toBe(1);
  });

  it("serves the multi-segment real-estate post in both languages", async () => {
    const pl = await getPost({ locale: "pl", slug: ["nieruchomosci", "wirtualny-home-staging"] });
    expect(pl?.translationKey).toBe("virtual-staging");
    expect(await findTranslation({ post: pl!, locale: "en" })).toEqual(["real-estate", "virtual-staging"]);
  });
});
