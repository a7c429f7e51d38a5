import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listPosts } from "./list-posts";

const mode = vi.hoisted(() => ({ nodeEnv: "test" as "test" | "production" }));
vi.mock("@/env", () => ({ env: () => ({ NODE_ENV: mode.nodeEnv }) }));

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "blog-"));
  vi.spyOn(process, "cwd").mockReturnValue(root);
  mode.nodeEnv = "test";
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

function post(fields: Record<string, string | boolean>, body = "Treść wpisu.") {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${typeof value === "string" ? JSON.stringify(value) : value}`);
  return `---\n${lines.join("\n")}\n---\n\n${body}\n`;
}

const base = { title: "Tytuł", description: "Opis", locale: "pl", draft: false };

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
    const body = Array.from({ length: 450 }, (_, i) => `słowo${i}`).join(" ");
    await write(
      "pl/poradniki/oswietlenie.md",
      `---\ntitle: Światło\ndescription: Opis\ndate: 2026-11-20\nlocale: pl\nslug: poradniki/oswietlenie\ntranslationKey: lighting\ncover: /blog/covers/light.webp\n---\n\n${body}\n`,
    );
    const [first] = await listPosts({ locale: "pl" });
    expect(first).toEqual({
      title: "Światło",
      description: "Opis",
      date: "2026-11-20",
      locale: "pl",
      slug: ["poradniki", "oswietlenie"],
      translationKey: "lighting",
      cover: "/blog/covers/light.webp",
      draft: false,
      markdown: body,
      readingMinutes: 2,
    });
  });

  it("accepts the slug as a YAML list", async () => {
    await write("pl/x.md", `---\ntitle: T\ndescription: D\ndate: 2026-01-01\nlocale: pl\nslug: [a, b-c]\ntranslationKey: k\n---\nx`);
    expect((await listPosts({ locale: "pl" }))[0]?.slug).toEqual(["a", "b-c"]);
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

  it("rejects a cover that is not a site path", async () => {
    await write("pl/c.md", post({ ...base, date: "2026-01-01", slug: "c", translationKey: "c", cover: "//evil.example/x.png" }));
    await expect(listPosts({ locale: "pl" })).rejects.toThrow(/c\.md[\s\S]*cover/);
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
