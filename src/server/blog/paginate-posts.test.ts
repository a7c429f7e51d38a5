import { describe, expect, it } from "vitest";
import { paginatePosts, POSTS_PER_PAGE } from "./paginate-posts";
import { fixturePost } from "~/tests/support/blog-fixture";

const posts = Array.from({ length: 14 }, (_, i) => fixturePost({ slug: [`p${i}`] }));
const slugs = (page: ReturnType<typeof paginatePosts>) => page?.posts.map((post) => post.slug[0]);

describe("paginatePosts", () => {
  it("cuts the list into pages of six, the last one shorter", () => {
    expect(POSTS_PER_PAGE).toBe(6);
    expect(slugs(paginatePosts({ posts, page: 1 }))).toEqual(["p0", "p1", "p2", "p3", "p4", "p5"]);
    expect(paginatePosts({ posts, page: 2 })).toMatchObject({ page: 2, pageCount: 3 });
    expect(slugs(paginatePosts({ posts, page: 2 }))).toEqual(["p6", "p7", "p8", "p9", "p10", "p11"]);
    expect(slugs(paginatePosts({ posts, page: 3 }))).toEqual(["p12", "p13"]);
  });

  it("has no page beyond the last, below the first, or between two", () => {
    for (const page of [4, 0, -1, 1.5, Number.NaN]) expect(paginatePosts({ posts, page }), String(page)).toBeNull();
    expect(paginatePosts({ posts: posts.slice(0, 6), page: 2 })).toBeNull();
  });

  it("keeps a first, empty page for an empty list", () => {
    expect(paginatePosts({ posts: [], page: 1 })).toEqual({ posts: [], page: 1, pageCount: 1 });
    expect(paginatePosts({ posts: [], page: 2 })).toBeNull();
  });
});
