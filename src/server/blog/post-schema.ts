import "server-only";
import { z } from "zod";
import { blogTagIds } from "@/config/blog-tags";
import { locales } from "@/config/routes";

/** One URL segment of a post's address: lowercase ASCII, digits and single hyphens (no diacritics, so URLs stay readable when copied). */
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A meta description longer than this is cut by search engines. */
export const DESCRIPTION_MAX = 155;

/** A post names 1 to 3 topics: enough for related posts to find neighbours, few enough to stay meaningful. */
export const TAGS_MAX = 3;

/**
 * YAML turns an unquoted `2026-11-20` into a Date and a quoted one stays a string; both become
 * "YYYY-MM-DD", which sorts as text and crosses the server/client boundary unchanged.
 */
export const isoDateSchema = z.union([
  z.date().transform((date) => date.toISOString().slice(0, 10)),
  z.iso.date(),
]);

const slugSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split("/")))
  .pipe(
    z
      .array(z.string().regex(SEGMENT, "each slug segment must be lowercase a-z, 0-9 and single hyphens"))
      .min(1, "slug must have at least one segment")
      // public/blog/covers/ is served as files under the same address (proxy.ts skips it).
      .refine((segments) => !(segments.length > 1 && segments[0] === "covers"), "slug must not start with covers/ (the folder of the cover images)"),
  );

/**
 * The frontmatter of `content/blog/{locale}/**\/*.md`. Strict, so a typo such as `drafts: true`
 * fails loudly instead of publishing a post meant to stay hidden. The loader (list-posts.ts) also
 * checks that the cover file exists under public/.
 */
export const postFrontmatterSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().min(1).max(DESCRIPTION_MAX),
    date: isoDateSchema,
    locale: z.enum(locales),
    /** `poradniki/oswietlenie` or `[poradniki, oswietlenie]`; served at /blog/poradniki/oswietlenie. */
    slug: slugSchema,
    /** The same value in every language version of one article; links them for the language switch and hreflang. */
    translationKey: z.string().regex(SEGMENT, "translationKey must be lowercase a-z, 0-9 and single hyphens"),
    /** Ids from src/config/blog-tags.ts, e.g. `[lighting, tips]`. */
    tags: z
      .array(z.enum(blogTagIds, { error: `each tag must be one of ${blogTagIds.join(", ")}` }))
      .min(1, "tags must list at least one tag")
      .max(TAGS_MAX, `tags must list at most ${TAGS_MAX} tags`)
      .refine((tags) => new Set(tags).size === tags.length, "tags must not repeat"),
    /** A .webp, .avif, .jpg or .png under public/, e.g. /covers/photo.webp; required once the post is published. */
    cover: z
      .string()
      .regex(/^\/(?!\/)\S+\.(?:webp|avif|jpe?g|png)$/, "cover must be a site path starting with a single / to a .webp, .avif, .jpg or .png file")
      .refine((cover) => !cover.split("/").includes(".."), "cover must not leave public/")
      .optional(),
    /** What the cover shows, for screen readers; required with a cover. */
    coverAlt: z.string().trim().min(1).max(200).optional(),
    draft: z.boolean().default(false),
  })
  .superRefine((post, ctx) => {
    if (!post.draft && post.cover === undefined) {
      ctx.addIssue({ code: "custom", path: ["cover"], message: "a published post needs a cover (drafts may go without)" });
    }
    if (post.cover !== undefined && post.coverAlt === undefined) {
      ctx.addIssue({ code: "custom", path: ["coverAlt"], message: "coverAlt is required with a cover" });
    }
    if (post.cover === undefined && post.coverAlt !== undefined) {
      ctx.addIssue({ code: "custom", path: ["coverAlt"], message: "coverAlt without a cover describes nothing" });
    }
  });

export type PostFrontmatter = z.output<typeof postFrontmatterSchema>;

/** A cover as pages render it: its size is read from the file, so the image box is reserved before it loads. */
export type PostCover = { src: string; alt: string; width: number; height: number };

export type Post = Omit<PostFrontmatter, "cover" | "coverAlt"> & {
  cover: PostCover | null;
  /** The body after the frontmatter, for the Markdown component. */
  markdown: string;
  /** At about 200 words a minute, at least 1. */
  readingMinutes: number;
  /** Width and height of each site image in the text, by its path. */
  imageSizes: Record<string, { width: number; height: number }>;
};
