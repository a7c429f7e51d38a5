import { engines, type EngineId } from "./engines";
import { libraryPhotos, type LibraryPhoto } from "./library";
import manifest from "./showcase.generated.json";
import type { StyleId } from "./styles";

/**
 * The ready-made examples of the landing page and the public generator: every library photo in a few styles,
 * made by `npm run showcase` with whichever engine is configured (scripts/showcase/make-showcase.mts) and
 * served from public/showcase/. The manifest records which engine made them, so pages label the local
 * engine's images as previews without AI.
 */
export const showcaseStyleIds = ["scandinavian", "japandi", "industrial", "boho", "modern-classic", "glamour"] as const satisfies readonly StyleId[];
export type ShowcaseStyleId = (typeof showcaseStyleIds)[number];

/** Each image exists at these widths (srcset): 768 covers a phone at about 2× (Lighthouse's Moto G: 412 px × 1.75), 1024 a desktop slot. */
export const showcaseWidths = [640, 768, 1024] as const;

/** The before/after pairs on the landing page, the first one being its largest image. */
export const landingPairs = [
  { photoId: "living-room", styleId: "industrial" },
  { photoId: "kitchen", styleId: "scandinavian" },
  { photoId: "bedroom", styleId: "boho" },
] as const satisfies readonly { photoId: string; styleId: ShowcaseStyleId }[];

export type ShowcaseManifest = {
  engine: EngineId;
  /** Width and height of each photo's largest images (every variant of one photo has the same size). */
  photos: Record<string, { width: number; height: number }>;
};

export const showcase = manifest as ShowcaseManifest;

/** Whether the examples were made by an AI engine; otherwise they are labelled as previews without AI. */
export const showcaseIsAi: boolean = engines[showcase.engine].ai;

export type ShowcaseVariant = "before" | ShowcaseStyleId;

export function showcaseSrc(photoId: string, variant: ShowcaseVariant, width: (typeof showcaseWidths)[number]): string {
  return `/showcase/${photoId}/${variant}-${width}.webp`;
}

export function showcaseSrcSet(photoId: string, variant: ShowcaseVariant): string {
  return showcaseWidths.map((width) => `${showcaseSrc(photoId, variant, width)} ${width}w`).join(", ");
}

export function isShowcaseStyle(value: string): value is ShowcaseStyleId {
  return (showcaseStyleIds as readonly string[]).includes(value);
}

/** The library photos that have examples, in the library's order. */
export function showcasePhotos(): LibraryPhoto[] {
  return libraryPhotos.filter((photo) => isShowcasePhoto(photo.id));
}

/** Whether a photo id (e.g. from a query string) has examples; own keys only, so `__proto__` is not one. */
export function isShowcasePhoto(value: string): boolean {
  return Object.hasOwn(showcase.photos, value);
}
