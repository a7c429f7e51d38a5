import { rm } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it, vi } from "vitest";
import { findTranslation } from "./find-translation";
import { getPost } from "./get-post";
import { writeBlogFixture } from "~/tests/support/blog-fixture";

let root: string;

beforeAll(async () => {
  root = await writeBlogFixture({
    "pl/zdjecie.md": "locale: pl\nslug: jak-przygotowac-zdjecie-pokoju\ntranslationKey: room-photo",
    "en/photo.md": "locale: en\nslug: guides/how-to-photograph-a-room\ntranslationKey: room-photo",
    "pl/tylko-pl.md": "locale: pl\nslug: tylko-po-polsku\ntranslationKey: polish-only",
    "pl/szkic-pl.md": "locale: pl\nslug: opublikowany\ntranslationKey: half-done",
    "en/draft-en.md": "locale: en\nslug: not-yet\ntranslationKey: half-done\ndraft: true",
  });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => {
  vi.spyOn(process, "cwd").mockReturnValue(root);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("findTranslation", () => {
  it("finds the other language's slug by translationKey, both ways", async () => {
    const pl = await getPost({ locale: "pl", slug: ["jak-przygotowac-zdjecie-pokoju"] });
    expect(pl).not.toBeNull();
    expect(await findTranslation({ post: pl!, locale: "en" })).toEqual(["guides", "how-to-photograph-a-room"]);

    const en = await getPost({ locale: "en", slug: ["guides", "how-to-photograph-a-room"] });
    expect(await findTranslation({ post: en!, locale: "pl" })).toEqual(["jak-przygotowac-zdjecie-pokoju"]);
  });

  it("returns the post's own slug for its own language", async () => {
    const pl = await getPost({ locale: "pl", slug: ["tylko-po-polsku"] });
    expect(await findTranslation({ post: pl!, locale: "pl" })).toEqual(["tylko-po-polsku"]);
  });

  it("returns null when the other language has no version", async () => {
    const pl = await getPost({ locale: "pl", slug: ["tylko-po-polsku"] });
    expect(await findTranslation({ post: pl!, locale: "en" })).toBeNull();
  });

  it("returns null when the other language's version is still a draft", async () => {
    const pl = await getPost({ locale: "pl", slug: ["opublikowany"] });
    expect(await findTranslation({ post: pl!, locale: "en" })).toBeNull();
  });
});
