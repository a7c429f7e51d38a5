/**
 * The blog's tags: one id per topic, the same in both languages (a post's frontmatter lists ids;
 * the list page filters by `?tag=<id>`). Names are data here, not messages, because they are content.
 */
export const blogTags = {
  styles: { pl: "Style wnętrz", en: "Interior styles" },
  photos: { pl: "Zdjęcia", en: "Photos" },
  lighting: { pl: "Oświetlenie", en: "Lighting" },
  "real-estate": { pl: "Nieruchomości", en: "Real estate" },
  renovation: { pl: "Remont", en: "Renovation" },
  tips: { pl: "Porady", en: "Tips" },
} as const;

export type BlogTag = keyof typeof blogTags;

export const blogTagIds = Object.keys(blogTags) as [BlogTag, ...BlogTag[]];

export function isBlogTag(value: string): value is BlogTag {
  return Object.hasOwn(blogTags, value);
}
