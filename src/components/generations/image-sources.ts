import type { ImageDto } from "@/schemas/generation";

/**
 * The src and srcset of a stored image: where it is shown small, the browser fetches and decodes the preview
 * (PREVIEW_WIDTH wide) instead of the whole image; a wide slot or a dense screen still gets the whole one.
 */
export function imageSources(image: Pick<ImageDto, "url" | "width" | "preview">): { src: string; srcSet?: string } {
  return image.preview ? { src: image.url, srcSet: `${image.preview.url} ${image.preview.width}w, ${image.url} ${image.width}w` } : { src: image.url };
}

/** A result card's width: a third of the page from `lg`, a half from `sm`, else the whole width. */
export const CARD_SIZES = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 95vw";
