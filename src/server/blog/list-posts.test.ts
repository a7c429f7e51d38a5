import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listPosts } from "./list-posts";
import { FIXTURE_COVER, writeFixtureCover } from "~/tests/support/blog-fixture";

const mode = vi.hoisted(() => ({ nodeEnv: "test" as "test" | "production" }));
vi.mock("@/env", () => ({ env: () => ({ NODE_ENV: mode.nodeEnv }) }));

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "blog-"));
  vi.spyOn(process, "cwd").mockReturnValue(root);
  mode.nodeEnv = "test";
  await writeFixtureCover(root);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});

async function write(file: string, text: string) {
  const full = path.join(root, "content/blog", file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, text, "utf8");
}

type Fields = Record<string, string | boolean | string[] | undefined>;

/** A post file from fields; an undefined field is left out. */
function post(fields: Fields, body = "Treść wpisu.") {
  const lines = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === "boolean" ? value : JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n${body}\n`;
}

const base: Fields = { title: "Tytuł", description: "Opis", locale: "pl", tags: ["tips"], cover: FIXTURE_COVER.src, coverAlt: "Salon", draft: false };

describe("listPosts", () => {
  it("lists a language's posts newest first and hides drafts", async () => {
    await write("pl/a.md", post({ ...base, date: "2026-01-10", slug: "starszy", translationKey: "older" }));
    await write("pl/b.md", post({ ...base, date: "2026-03-01", slug: "nowszy", translationKey: "newer" }));
    await write("pl/c.md", post({ ...base, date: "2026-05-01", slug: "szkic", translationKey: "draft", draft: true }));
    await write("en/a.md", post({ ...base, locale: "en", date: "2026-02-01", slug: "english", translationKey: "older" }));

    const posts = await listPosts({ locale: "pl" });
    expect(posts.map((p) => p.slug.join("/"))).toEqual(["nowszy", "starszy"]);

    const withDrafts = await listPosts({ locale: "pl", includeDrafts: true });
    expect(withDrafts.map((p) => p.slug.join("/"))).toEqual(["szkic", "nowszy", "starszy"]);
    expect(withDrafts[0]?.draft).toBe(true);

    expect((await listPosts({ locale: "en" })).map((p) => p.slug)).toEqual([["english"]]);
  });

  it("returns the typed post: date as YYYY-MM-DD, slug as segments, body and reading time", async () => {
    const body = `${Array.from({ length: 450 }, (_, i) => `słowo${i}`).join(" ")}\n\n![Salon](${FIXTURE_COVER.src})`;
    await write(
      "pl/poradniki/oswietlenie.md",
      `---\ntitle: Światło\ndescription: Opis\ndate: 2026-11-20\nlocale: pl\nslug: poradniki/oswietlenie\ntranslationKey: lighting\ntags: [lighting, tips]\ncover: ${FIXTURE_COVER.src}\ncoverAlt: Jasny salon\n---\n\n${body}\n`,
    );
    const [first] = await listPosts({ locale: "pl" });
    expect(first).toEqual({
      title: "Światło",
      description: "Opis",
      date: "2026-11-20",
      locale: "pl",
      slug: ["poradniki", "oswietlenie"],
      translationKey: "lighting",
      tags: ["lighting", "tips"],
      cover: { src: FIXTURE_COVER.src, alt: "Jasny salon", width: FIXTURE_COVER.width, height: FIXTURE_COVER.height },
      draft: false,
      markdown: body,
      readingMinutes: 2,
      imageSizes: { [FIXTURE_COVER.src]: { width: FIXTURE_COVER.width, height: FIXTURE_COVER.height } },
    });
  });

  it("refuses a post whose text shows a site image that does not exist", async () => {
    await write(
      "pl/zly-obraz.md",
      `---\ntitle: T\ndescription: O\ndate: 2026-11-20\nlocale: pl\nslug: zly-obraz\ntranslationKey: bad-image\ntags: [tips]\ncover: ${FIXTURE_COVER.src}\ncoverAlt: A\n---\n\n![x](/styles/nie-ma.webp)\n`,
    );
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/\/styles\/nie-ma\.webp does not exist under public/);
  });

  it("accepts the slug as a YAML list", async () => {
    await write("pl/x.md", `---\ntitle: T\ndescription: D\ndate: 2026-01-01\nlocale: pl\nslug: [a, b-c]\ntranslationKey: k\ntags: [tips]\ndraft: true\n---\nx`);
    expect((await listPosts({ locale: "pl", includeDrafts: true }))[0]?.slug).toEqual(["a", "b-c"]);
  });

  it("returns nothing for a language without a folder", async () => {
    expect(await listPosts({ locale: "en" })).toEqual([]);
  });

  it("rejects invalid frontmatter, naming the file and every bad field", async () => {
    await write(
      "pl/zly.md",
      post({ title: "", description: "x".repeat(156), date: "20.11.2026", locale: "pl", slug: "Zły Slug", translationKey: "k", draft: "tak" }),
    );
    const error = (await listPosts({ locale: "pl" }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(path.join("content/blog/pl/zly.md"));
    for (const field of ["title", "description", "date", "slug.0", "draft"]) expect(error.message).toContain(`${field}:`);
  });

  it("rejects a typo in a key instead of ignoring it", async () => {
    await write("pl/typo.md", post({ ...base, date: "2026-01-01", slug: "a", translationKey: "k", drafts: true }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/typo\.md[\s\S]*drafts/);
  });

  it("rejects a post whose locale does not match its folder", async () => {
    await write("pl/english.md", post({ ...base, locale: "en", date: "2026-01-01", slug: "english", translationKey: "k" }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(
      `Blog post ${path.join("content/blog/pl/english.md")}: frontmatter locale "en" does not match its folder "pl"`,
    );
  });

  it("rejects two posts with one slug, or one translationKey, in a language", async () => {
    await write("pl/a.md", post({ ...base, date: "2026-01-01", slug: "ten-sam", translationKey: "a" }));
    await write("pl/b.md", post({ ...base, date: "2026-01-02", slug: "ten-sam", translationKey: "b" }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/b\.md: slug "ten-sam" is already used by .*a\.md/);

    await write("pl/b.md", post({ ...base, date: "2026-01-02", slug: "inny", translationKey: "a" }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/b\.md: translationKey "a" is already used by .*a\.md/);
  });

  it("rejects a file without YAML frontmatter", async () => {
    await write("pl/bare.md", "# Just markdown");
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/bare\.md: must start with a YAML frontmatter block/);
    await write("pl/bare.md", '---js\n{ title: "x" }\n---\n');
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/bare\.md: must start with a YAML frontmatter block/);
  });

  const one = (fields: Fields) => post({ ...base, date: "2026-01-01", slug: "c", translationKey: "c", ...fields });

  it.each<[string, Fields, RegExp]>([
    ["a published post without a cover", { cover: undefined, coverAlt: undefined }, /cover: a published post needs a cover/],
    ["a cover without coverAlt", { coverAlt: undefined }, /coverAlt: coverAlt is required with a cover/],
    ["a blank coverAlt", { coverAlt: " " }, /coverAlt:/],
    ["coverAlt without a cover", { cover: undefined, draft: true }, /coverAlt: coverAlt without a cover/],
    ["a cover that is not a site path", { cover: "//evil.example/x.webp" }, /cover: cover must be a site path/],
    ["a cover that is not an image file name", { cover: "/covers/x.gif" }, /cover: cover must be a site path/],
    ["a cover outside public/", { cover: "/../package.webp" }, /cover: cover must not leave public/],
    ["no tags", { tags: undefined }, /tags:/],
    ["an empty tag list", { tags: [] }, /tags: tags must list at least one tag/],
    ["four tags", { tags: ["styles", "photos", "lighting", "tips"] }, /tags: tags must list at most 3 tags/],
    ["an unknown tag", { tags: ["lighting", "kitchens"] }, /tags\.1: each tag must be one of styles, photos/],
    ["a repeated tag", { tags: ["tips", "tips"] }, /tags: tags must not repeat/],
    ["tags as one string", { tags: "tips" }, /tags:/],
  ])("rejects %s", async (_, fields, message) => {
    await write("pl/c.md", one(fields));
    const error = (await listPosts({ locale: "pl" }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain(`Blog post ${path.join("content/blog/pl/c.md")}: invalid frontmatter`);
    expect(error.message).toMatch(message);
  });

  it("rejects a cover whose file is missing or is not an image", async () => {
    await write("pl/c.md", one({ cover: "/covers/nie-ma.webp" }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(`Blog post ${path.join("content/blog/pl/c.md")}: cover /covers/nie-ma.webp does not exist under public/`);

    await writeFile(path.join(root, "public/covers/text.webp"), "not an image", "utf8");
    await write("pl/c.md", one({ cover: "/covers/text.webp" }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/c\.md: cover \/covers\/text\.webp is not a readable image/);
  });

  it("lets a draft go without a cover", async () => {
    await write("pl/c.md", one({ cover: undefined, coverAlt: undefined, draft: true }));
    const [draft] = await listPosts({ locale: "pl", includeDrafts: true });
    expect(draft?.cover).toBeNull();
  });

  it("caches a folder in production and re-reads it otherwise", async () => {
    await write("pl/a.md", post({ ...base, date: "2026-01-01", slug: "a", translationKey: "a" }));
    expect(await listPosts({ locale: "pl" })).toHaveLength(1);
    await write("pl/b.md", post({ ...base, date: "2026-01-02", slug: "b", translationKey: "b" }));
    expect(await listPosts({ locale: "pl" })).toHaveLength(2);

    mode.nodeEnv = "production";
    expect(await listPosts({ locale: "pl" })).toHaveLength(2);
    await write("pl/c.md", post({ ...base, date: "2026-01-03", slug: "c", translationKey: "c" }));
    expect(await listPosts({ locale: "pl" })).toHaveLength(2);
  });
});
