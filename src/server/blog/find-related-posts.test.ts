import { describe, expect, it } from "vitest";
import { findRelatedPosts } from "./find-related-posts";
import { fixturePost } from "~/tests/support/blog-fixture";

const post = fixturePost({ slug: ["swiatlo"], tags: ["lighting", "tips"], date: "2026-05-01" });

describe("findRelatedPosts", () => {
  it("puts the most shared tags first, then the newest, and stops at three", () => {
    const posts = [
      post,
      fixturePost({ slug: ["nowy-bez-wspolnych"], tags: ["styles"], date: "2026-09-01" }),
      fixturePost({ slug: ["jeden-wspolny-stary"], tags: ["tips"], date: "2026-01-01" }),
      fixturePost({ slug: ["jeden-wspolny-nowy"], tags: ["lighting", "styles"], date: "2026-03-01" }),
      fixturePost({ slug: ["dwa-wspolne"], tags: ["tips", "lighting"], date: "2025-06-01" }),
    ];
    expect(findRelatedPosts({ post, posts }).map((p) => p.slug[0])).toEqual(["dwa-wspolne", "jeden-wspolny-nowy", "jeden-wspolny-stary"]);
  });

  it("fills up with the newest posts when few share a tag", () => {
    const posts = [
      fixturePost({ slug: ["stary"], tags: ["styles"], date: "2025-01-01" }),
      fixturePost({ slug: ["nowy"], tags: ["renovation"], date: "2026-02-01" }),
      fixturePost({ slug: ["wspolny"], tags: ["lighting"], date: "2024-01-01" }),
    ];
    expect(findRelatedPosts({ post, posts }).map((p) => p.slug[0])).toEqual(["wspolny", "nowy", "stary"]);
  });

  it("never offers the post itself, a draft, or a post in another language", () => {
    const posts = [
      fixturePost({ slug: ["swiatlo"], tags: ["lighting", "tips"] }),
      fixturePost({ slug: ["szkic"], tags: ["lighting", "tips"], draft: true }),
      fixturePost({ slug: ["light"], tags: ["lighting", "tips"], locale: "en" }),
      fixturePost({ slug: ["inny"], tags: ["styles"] }),
    ];
    expect(findRelatedPosts({ post, posts }).map((p) => p.slug[0])).toEqual(["inny"]);
  });
});
