import "server-only";
import { z } from "zod";
import { locales } from "@/config/routes";

/** One URL segment of a post's address: lowercase ASCII, digits and single hyphens (no diacritics, so URLs stay readable when copied). */
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A meta description longer than this is cut by search engines. */
export const DESCRIPTION_MAX = 155;

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
      .min(1, "slug must have at least one segment"),
  );

/**
 * The frontmatter of `content/blog/{locale}/**\/*.md`. Strict, so a typo such as `drafts: true`
 * fails loudly instead of publishing a post meant to stay hidden.
 */
export const postFrontmatterSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(DESCRIPTION_MAX),
  date: isoDateSchema,
  locale: z.enum(locales),
  /** `poradniki/oswietlenie` or `[poradniki, oswietlenie]`; served at /blog/poradniki/oswietlenie. */
  slug: slugSchema,
  /** The same value in every language version of one article; links them for the language switch and hreflang. */
  translationKey: z.string().regex(SEGMENT, "translationKey must be lowercase a-z, 0-9 and single hyphens"),
  /** A path under public/, e.g. /blog/covers/photo.webp. */
  cover: z
    .string()
    .regex(/^\/(?!\/)\S+$/, "cover must be a site path starting with a single /")
    .optional(),
  draft: z.boolean().default(false),
});

export type PostFrontmatter = z.output<typeof postFrontmatterSchema>;

export type Post = PostFrontmatter & {
  /** The body after the frontmatter, for the Markdown component. */
  markdown: string;
  /** At about 200 words a minute, at least 1. */
  readingMinutes: number;
};
