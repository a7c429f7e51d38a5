import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getPost } from "./get-post";
import { writeBlogFixture } from "~/tests/support/blog-fixture";

let root: string;

beforeAll(async () => {
  root = await writeBlogFixture(
    {
      "pl/jeden.md": "locale: pl\nslug: jeden\ntranslationKey: one\ndraft: false",
      "pl/poradniki/oswietlenie.md": "locale: pl\nslug: poradniki/oswietlenie\ntranslationKey: lighting\ndraft: false",
      "pl/poradniki.md": "locale: pl\nslug: poradniki\ntranslationKey: guides\ndraft: false",
      "pl/szkic.md": "locale: pl\nslug: poradniki/szkic\ntranslationKey: draft\ndraft: true",
    },
    (file) => `Treść ${file}`,
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("getPost", () => {
  const inFixture = async <T,>(run: () => Promise<T>) => {
    const spy = vi.spyOn(process, "cwd").mockReturnValue(root);
    try {
      return await run();
    } finally {
      spy.mockRestore();
    }
  };

  it("finds a post by a multi-segment slug", async () => {
    const post = await inFixture(() => getPost({ locale: "pl", slug: ["poradniki", "oswietlenie"] }));
    expect(post?.translationKey).toBe("lighting");
    expect(post?.markdown).toBe("Treść pl/poradniki/oswietlenie.md");
  });

  it("tells a one-segment slug from a longer one sharing its start", async () => {
    expect((await inFixture(() => getPost({ locale: "pl", slug: ["poradniki"] })))?.translationKey).toBe("guides");
    expect((await inFixture(() => getPost({ locale: "pl", slug: ["jeden"] })))?.translationKey).toBe("one");
  });

  it("returns null for unknown, partial, longer, empty or wrong-language slugs", async () => {
    for (const slug of [["nie-ma"], ["oswietlenie"], ["poradniki", "oswietlenie", "x"], [], ["poradniki/oswietlenie"]]) {
      expect(await inFixture(() => getPost({ locale: "pl", slug }))).toBeNull();
    }
    expect(await inFixture(() => getPost({ locale: "en", slug: ["jeden"] }))).toBeNull();
  });

  it("returns null for a draft unless drafts are asked for", async () => {
    expect(await inFixture(() => getPost({ locale: "pl", slug: ["poradniki", "szkic"] }))).toBeNull();
    const draft = await inFixture(() => getPost({ locale: "pl", slug: ["poradniki", "szkic"], includeDrafts: true }));
    expect(draft?.draft).toBe(true);
  });
});
