import "server-only";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { readMarkdownFile } from "@/server/content/read-markdown-file";
import sharp from "sharp";
import type { Locale } from "@/config/routes";
import { env } from "@/env";
import { postFrontmatterSchema, type Post, type PostCover } from "./post-schema";

const WORDS_PER_MINUTE = 200;

/** Parsed posts per folder; filled only in production, so edits show up at once in development. */
const cache = new Map<string, Promise<Post[]>>();

/**
 * The posts of one language, newest first. Drafts are left out unless `includeDrafts` (editor preview).
 * Throws, naming the file, when a post's frontmatter is invalid, when its `locale` differs from its
 * folder, when its cover is not an image under public/, or when two posts share a slug or a
 * translationKey: a broken post should stop the build (the Open Graph images are rendered at build
 * time from every post, see app/api/og), not vanish from the blog.
 */
export async function listPosts({ locale, includeDrafts = false }: { locale: Locale; includeDrafts?: boolean }): Promise<Post[]> {
  const posts = await loadFolder(locale);
  return includeDrafts ? posts : posts.filter((post) => !post.draft);
}

function loadFolder(locale: Locale): Promise<Post[]> {
  const dir = path.join(process.cwd(), "content/blog", locale);
  if (env().NODE_ENV !== "production") return readFolder(dir, locale);
  let pending = cache.get(dir);
  if (!pending) {
    pending = readFolder(dir, locale);
    cache.set(dir, pending);
    // A failed read must not be remembered: the next request should see the fixed file.
    pending.catch(() => cache.delete(dir));
  }
  return pending;
}

async function readFolder(dir: string, locale: Locale): Promise<Post[]> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".md")).sort();
  const posts = await Promise.all(files.map((name) => readPost(path.join(dir, name), locale)));

  const bySlug = new Map<string, string>();
  const byKey = new Map<string, string>();
  posts.forEach((post, index) => {
    const file = displayPath(path.join(dir, files[index] ?? ""));
    const slug = post.slug.join("/");
    const sameSlug = bySlug.get(slug);
    if (sameSlug) throw new Error(`Blog post ${file}: slug "${slug}" is already used by ${sameSlug}`);
    bySlug.set(slug, file);
    const sameKey = byKey.get(post.translationKey);
    if (sameKey) throw new Error(`Blog post ${file}: translationKey "${post.translationKey}" is already used by ${sameKey}`);
    byKey.set(post.translationKey, file);
  });

  return posts.sort((a, b) => (a.date === b.date ? a.slug.join("/").localeCompare(b.slug.join("/")) : a.date < b.date ? 1 : -1));
}

async function readPost(file: string, folderLocale: Locale): Promise<Post> {
  const { file: shown, frontmatter: data, body: markdown } = await readMarkdownFile(file, { kind: "Blog post", schema: postFrontmatterSchema });
  const { cover, coverAlt, ...frontmatter } = data;
  if (frontmatter.locale !== folderLocale) {
    throw new Error(`Blog post ${shown}: frontmatter locale "${frontmatter.locale}" does not match its folder "${folderLocale}"`);
  }
  return {
    ...frontmatter,
    cover: cover && coverAlt ? await readCover(cover, coverAlt, shown) : null,
    markdown,
    readingMinutes: readingMinutes(markdown),
    imageSizes: await readInlineImageSizes(markdown, shown),
  };
}

/**
 * The size of every site image the text shows (`![alt](/styles/boho.webp)`), so the page reserves its
 * box before it arrives (no layout shift). A missing file stops the build like a missing cover.
 */
async function readInlineImageSizes(markdown: string, shown: string): Promise<Post["imageSizes"]> {
  const sizes: Post["imageSizes"] = {};
  for (const [, src] of markdown.matchAll(/!\[[^\]]*\]\((\/[^)\s]+)/g)) {
    if (!src || sizes[src]) continue;
    const { width, height } = await readCover(src, "", shown);
    sizes[src] = { width, height };
  }
  return sizes;
}

/** The size of a cover (or an inline image) from its file under public/ (only the header is read). */
async function readCover(src: string, alt: string, shown: string): Promise<PostCover> {
  const file = path.join(process.cwd(), "public", src);
  if (!(await stat(file).then((found) => found.isFile(), () => false))) {
    throw new Error(`Blog post ${shown}: cover ${src} does not exist under public/`);
  }
  try {
    const { autoOrient } = await sharp(file).metadata();
    return { src, alt, width: autoOrient.width, height: autoOrient.height };
  } catch (error) {
    throw new Error(`Blog post ${shown}: cover ${src} is not a readable image: ${(error as Error).message}`);
  }
}

function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/\]\([^)]*\)/g, "] ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

function displayPath(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
