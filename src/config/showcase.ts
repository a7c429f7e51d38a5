import type { EditMode } from "./edit-modes";
import { engines, type EngineId } from "./engines";
import { libraryPhotos, type LibraryPhoto } from "./library";
import manifest from "./showcase.generated.json";
import type { StyleId } from "./styles";

/**
 * The ready-made examples of the landing page and the public generator: every library photo in a few styles,
 * made by `npm run showcase` with whichever engine is configured (scripts/showcase/make-showcase.mts) and
 * served from public/showcase/, with a picture of every style for the style picker. The manifest records which
 * engine made them, so pages label the local engine's images as previews without AI.
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

/**
 * One example per whole-photo mode, for the design page's mode help: the library photo it is made from, its
 * style or parameters, and for the reference style the library photo whose look it takes. The brushed modes
 * have none (their region is the person's own choice).
 */
export type ModeExampleSpec = { photoId: string; styleId?: string; params?: Record<string, string>; referenceId?: string };
export const modeExampleSpecs = {
  restyle: { photoId: "living-room", styleId: "japandi" },
  stage: { photoId: "dining-room", styleId: "scandinavian" },
  declutter: { photoId: "bedroom", params: { scope: "furniture" } },
  sky: { photoId: "exterior", params: { sky: "clear" } },
  facade: { photoId: "exterior", styleId: "modern" },
  garden: { photoId: "garden", styleId: "mediterranean" },
  twilight: { photoId: "exterior" },
  reference: { photoId: "living-room", referenceId: "bedroom" },
} as const satisfies Partial<Record<EditMode, ModeExampleSpec>>;

/** The mode examples are small pictures beside the mode's help: one width. */
export const modeExampleWidth = 640;

export type ShowcaseManifest = {
  engine: EngineId;
  /** Width and height of each photo's largest images (every variant of one photo has the same size). */
  photos: Record<string, { width: number; height: number }>;
  /** The modes with an example (made by `engine`, which may not do every mode), each its images' size. */
  modes?: Partial<Record<EditMode, { width: number; height: number }>>;
  /** The styles whose picker picture `engine` made (public/showcase/styles/); the others keep the shipped preview (public/styles/). */
  styleCards?: string[];
};

export const showcase = manifest as ShowcaseManifest;

/** Whether the examples were made by an AI engine; otherwise they are labelled as previews without AI. */
export const showcaseIsAi: boolean = engines[showcase.engine].ai;

/** A mode's example as the page shows it: before and after, and whether an AI engine made it (else it is labelled a preview); none when the showcase has none for the mode. */
export type ModeExample = { before: string; after: string; width: number; height: number; ai: boolean };

export function modeExampleOf(mode: EditMode, manifest: ShowcaseManifest = showcase): ModeExample | undefined {
  const size = manifest.modes?.[mode];
  if (!size) return undefined;
  return { before: modeExampleSrc(mode, "before"), after: modeExampleSrc(mode, "after"), ...size, ai: engines[manifest.engine].ai };
}

export function modeExampleSrc(mode: EditMode, variant: "before" | "after"): string {
  return `/showcase/modes/${mode}/${variant}-${modeExampleWidth}.webp`;
}

/** A style picker card's size: the one picture of the style on the design page, the landing page and the generator. */
export const styleCardSize = { width: 240, height: 160 } as const;

/** A style's picture: the showcase's, made by the configured engine, or else the shipped preview made without AI. */
export function styleCardSrc(styleId: string, manifest: ShowcaseManifest = showcase): string {
  return manifest.styleCards?.includes(styleId) ? `/showcase/styles/${styleId}.webp` : `/styles/${styleId}.webp`;
}

/** Whether every style's picture was made by an AI engine; otherwise the picker says they are previews without AI. */
export function styleCardsAreAi(styleIds: readonly string[], manifest: ShowcaseManifest = showcase): boolean {
  return engines[manifest.engine].ai && styleIds.every((id) => manifest.styleCards?.includes(id));
}

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
