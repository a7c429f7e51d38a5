import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "@/config/routes";
import { findTranslation } from "./find-translation";
import { getPost } from "./get-post";
import { listPosts } from "./list-posts";

/** The posts shipped in content/blog: every file must load, and every published article must exist in both languages. */
describe("content/blog", () => {
  it("loads every file in every language (frontmatter, locale, unique slugs)", async () => {
    for (const locale of locales) {
      const files = (await readdir(path.join(process.cwd(), "content/blog", locale), { recursive: true })).filter((f) =>
        f.endsWith(".md"),
      );
      const posts = await listPosts({ locale, includeDrafts: true });
      expect(posts).toHaveLength(files.length);
    }
  });

  it("has three published posts in each language, each with its translation", async () => {
    for (const locale of locales) {
      const posts = await listPosts({ locale });
      expect(posts).toHaveLength(3);
      const other = locale === "pl" ? "en" : "pl";
      for (const post of posts) {
        const slug = await findTranslation({ post, locale: other });
        expect(slug, `${locale}/${post.slug.join("/")} has no ${other} version`).not.toBeNull();
        const translation = await getPost({ locale: other, slug: slug! });
        expect(translation?.date).toBe(post.date);
      }
    }
  });

  it("keeps published posts between 400 and 700 words, with no second h1", async () => {
    for (const locale of locales) {
      for (const post of await listPosts({ locale })) {
        const words = post.markdown.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
        expect(words, `${locale}/${post.slug.join("/")}`).toBeGreaterThanOrEqual(400);
        expect(words, `${locale}/${post.slug.join("/")}`).toBeLessThanOrEqual(700);
        expect(post.markdown).not.toMatch(/^# /m);
        expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("hides the Polish draft from the list and from its URL", async () => {
    const drafts = (await listPosts({ locale: "pl", includeDrafts: true })).filter((post) => post.draft);
    expect(drafts.map((post) => post.slug.join("/"))).toEqual(["poradniki/oswietlenie"]);
    expect((await listPosts({ locale: "pl" })).some((post) => post.draft)).toBe(false);
    expect(await getPost({ locale: "pl", slug: ["poradniki", "oswietlenie"] })).toBeNull();
  });

  it("serves the multi-segment real-estate post in both languages", async () => {
    const pl = await getPost({ locale: "pl", slug: ["nieruchomosci", "wirtualny-home-staging"] });
    expect(pl?.translationKey).toBe("virtual-staging");
    expect(await findTranslation({ post: pl!, locale: "en" })).toEqual(["real-estate", "virtual-staging"]);
  });
});
