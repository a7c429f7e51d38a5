import { rm } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listArticles } from "./list-articles";
import { writeBlogFixture } from "~/tests/support/blog-fixture";

let root: string;

beforeAll(async () => {
  root = await writeBlogFixture({
    "pl/staging.md": "locale: pl\nslug: nieruchomosci/wirtualny-home-staging\ntranslationKey: virtual-staging\ndate: 2026-11-17",
    "en/staging.md": "locale: en\nslug: real-estate/virtual-staging\ntranslationKey: virtual-staging\ndate: 2026-11-17",
    "pl/tylko-pl.md": "locale: pl\nslug: tylko-po-polsku\ntranslationKey: polish-only\ndate: 2026-10-01",
    "en/only-en.md": "locale: en\nslug: english-only\ntranslationKey: english-only\ndate: 2026-09-01",
    "pl/szkic.md": "locale: pl\nslug: szkic\ntranslationKey: half-done\ndraft: true",
    "en/published-half.md": "locale: en\nslug: half-done\ntranslationKey: half-done",
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

describe("listArticles", () => {
  it("lists each published article once, with the addresses of its published language versions", async () => {
    const articles = await listArticles();
    expect(articles).toHaveLength(4);
    expect(articles).toEqual(
      expect.arrayContaining([
        { paths: { pl: "/blog/nieruchomosci/wirtualny-home-staging", en: "/en/blog/real-estate/virtual-staging" }, date: "2026-11-17" },
        { paths: { pl: "/blog/tylko-po-polsku" }, date: "2026-10-01" },
        { paths: { en: "/en/blog/english-only" }, date: "2026-09-01" },
        // The Polish version is a draft: only the English one is listed, with no alternate.
        { paths: { en: "/en/blog/half-done" }, date: "2026-01-01" },
      ]),
    );
  });
});
