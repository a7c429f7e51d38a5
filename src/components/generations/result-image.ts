import type { ImageDto } from "@/schemas/generation";

/**
 * How wide a result is drawn in the results grid (live-results: three columns from lg inside the page's max-w-6xl,
 * two from sm, one below), so the browser takes the display-size copy wherever it is enough.
 */
export const RESULT_SIZES = "(min-width: 1024px) 330px, (min-width: 640px) 50vw, 100vw";

/** The result's `srcset`: its display-size copy beside the full image, when it has one. */
export function resultSrcSet(result: ImageDto): string | undefined {
  return result.display ? `${result.display.url} ${result.display.width}w, ${result.url} ${result.width}w` : undefined;
}

/**
 * Starts fetching the image a result's card is about to show, the moment its event arrives rather than once the
 * page has rendered the card: a preload with the card's own `srcset` and `sizes` takes the same candidate, and
 * the card's image then comes from it. The link goes once it has loaded (or failed).
 */
export function preloadResultImage(result: ImageDto): void {
  const link = document.createElement("link");
  link.rel = "preload";
  link.setAttribute("as", "image");
  link.setAttribute("fetchpriority", "high");
  const srcSet = resultSrcSet(result);
  if (srcSet) {
    link.setAttribute("imagesrcset", srcSet);
    link.setAttribute("imagesizes", RESULT_SIZES);
  } else {
    link.href = result.url;
  }
  const remove = () => link.remove();
  link.addEventListener("load", remove, { once: true });
  link.addEventListener("error", remove, { once: true });
  document.head.append(link);
}
