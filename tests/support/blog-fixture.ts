import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Post } from "@/server/blog/post-schema";

/** The cover every fixture post gets unless its lines name another: a 160 × 90 image written under public/. */
export const FIXTURE_COVER = { src: "/covers/fixture.webp", width: 160, height: 90 } as const;

/**
 * For the blog tests: a temp directory holding content/blog/<file> for each entry and public/ with the
 * fixture cover. Each post gets the front matter every published post needs (title, description, date,
 * tags, cover, coverAlt), except the keys its own lines set. Returns the directory; the caller removes it.
 */
export async function writeBlogFixture(
  files: Record<string, string>,
  body: (file: string) => string = () => "x",
): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "blog-"));
  await writeFixtureCover(root);
  const defaults = { title: "T", description: "D", date: "2026-01-01", tags: "[tips]", cover: FIXTURE_COVER.src, coverAlt: "Pokój" };
  for (const [file, fields] of Object.entries(files)) {
    const full = path.join(root, "content/blog", file);
    await mkdir(path.dirname(full), { recursive: true });
    const missing = Object.entries(defaults).filter(([key]) => !new RegExp(`^${key}:`, "m").test(fields));
    const lines = [...missing.map(([key, value]) => `${key}: ${value}`), fields];
    await writeFile(full, `---\n${lines.join("\n")}\n---\n${body(file)}\n`);
  }
  return root;
}

/** Writes FIXTURE_COVER under `root`/public. */
export async function writeFixtureCover(root: string): Promise<void> {
  const file = path.join(root, "public", FIXTURE_COVER.src);
  await mkdir(path.dirname(file), { recursive: true });
  const { width, height } = FIXTURE_COVER;
  await sharp({ create: { width, height, channels: 3, background: "#a13b00" } }).webp().toFile(file);
}

/** A loaded post for tests of functions that take posts (pagination, related posts, the feed). */
export function fixturePost(overrides: Partial<Post> & Pick<Post, "slug">): Post {
  return {
    title: `Wpis ${overrides.slug.join("/")}`,
    description: "Opis",
    date: "2026-01-01",
    locale: "pl",
    translationKey: overrides.slug.join("-"),
    tags: ["tips"],
    cover: { src: FIXTURE_COVER.src, alt: "Pokój", width: FIXTURE_COVER.width, height: FIXTURE_COVER.height },
    draft: false,
    imageSizes: {},
    markdown: "x",
    readingMinutes: 1,
    ...overrides,
  };
}
