import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getPost } from "./get-post";

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "blog-get-"));
  const files: Record<string, string> = {
    "pl/jeden.md": "slug: jeden\ntranslationKey: one\ndraft: false",
    "pl/poradniki/oswietlenie.md": "slug: poradniki/oswietlenie\ntranslationKey: lighting\ndraft: false",
    "pl/poradniki.md": "slug: poradniki\ntranslationKey: guides\ndraft: false",
    "pl/szkic.md": "slug: poradniki/szkic\ntranslationKey: draft\ndraft: true",
  };
  for (const [file, fields] of Object.entries(files)) {
    const full = path.join(root, "content/blog", file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, `---\ntitle: T\ndescription: D\ndate: 2026-01-01\nlocale: pl\n${fields}\n---\nTreść ${file}\n`);
  }
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
