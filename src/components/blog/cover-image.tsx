import { getImageProps } from "next/image";
import type { PostCover } from "@/server/blog/post-schema";

/**
 * A post's cover as a plain <img> with Next's optimizer behind it (srcset in WebP at the widths `sizes`
 * asks for), so no client component is shipped. Its width and height reserve the box before it loads.
 * `priority`: the largest image of the page, fetched first; every other cover loads when scrolled near.
 */
export function CoverImage({ cover, sizes, priority = false, decorative = false, className }: { cover: PostCover; sizes: string; priority?: boolean; decorative?: boolean; className?: string }) {
  const { props } = getImageProps({
    src: cover.src,
    alt: decorative ? "" : cover.alt,
    width: cover.width,
    height: cover.height,
    sizes,
    loading: priority ? "eager" : "lazy",
    fetchPriority: priority ? "high" : "auto",
  });
  // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text -- getImageProps gives next/image's attributes, alt included
  return <img {...props} className={className} />;
}
