"use client";

import { useState, useSyncExternalStore, type ReactNode } from "react";
import { PlainImage } from "@/components/ui/plain-image";
import { Button } from "@/components/ui/button";
import { CHOICE_CARD } from "@/components/ui/choice-card";
import { showcase, showcaseSrc, type ShowcaseStyleId } from "@/config/showcase";
import { ShowcaseSlider, type ShowcaseSliderTexts } from "./showcase-slider";

export type ExamplePhoto = { id: string; name: string; credit: string };
export type ExampleStyle = { id: ShowcaseStyleId; name: string; description: string; thumbnail: string };

type Props = {
  photos: readonly ExamplePhoto[];
  styles: readonly ExampleStyle[];
  /** Slider texts per `photoId/styleId`: made on the server, in the reader's language. */
  texts: Record<string, ShowcaseSliderTexts & { caption: string }>;
  initial: { photoId: string; styleId: ShowcaseStyleId };
  labels: { photos: string; styles: string; show: string; result: string };
  /** Shown under the result (the preview note and the call to sign up). */
  children?: ReactNode;
};

/**
 * The public generator: pick an example photo and a style and see the ready-made result at once. A GET form,
 * so without scripts the "Show" button loads the chosen pair; with them every choice shows at once and the
 * address follows it (shareable), and the button goes away.
 */
export function ExamplePicker({ photos, styles, texts, initial, labels, children }: Props) {
  const [photoId, setPhotoId] = useState(initial.photoId);
  const [styleId, setStyleId] = useState(initial.styleId);
  const enhanced = useSyncExternalStore(noSubscription, () => true, () => false);

  function choose(next: { photoId?: string; styleId?: ShowcaseStyleId }) {
    const photo = next.photoId ?? photoId;
    const style = next.styleId ?? styleId;
    setPhotoId(photo);
    setStyleId(style);
    const url = new URL(window.location.href);
    url.searchParams.set("photo", photo);
    url.searchParams.set("style", style);
    window.history.replaceState(window.history.state, "", url);
  }

  const pairTexts = texts[`${photoId}/${styleId}`];
  return (
    // The result comes first, on a phone above the choices, so that a choice shows without scrolling.
    <div className="grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <section aria-labelledby="example-result" className="lg:sticky lg:top-20 lg:self-start">
        <h2 id="example-result" className="font-semibold text-gray-950 dark:text-white">
          {labels.result}
        </h2>
        {pairTexts ? (
          <figure className="mt-3">
            <ShowcaseSlider photoId={photoId} styleId={styleId} texts={pairTexts} sizes="(min-width: 1024px) 640px, calc(100vw - 2rem)" priority />
            {/* Announced, so a screen reader hears which example a choice brought up. */}
            <figcaption aria-live="polite" className="mt-2 text-sm text-gray-700 dark:text-gray-300">
              {pairTexts.caption}
            </figcaption>
          </figure>
        ) : null}
        {children}
      </section>
      {/* eslint-disable-next-line react/forbid-elements -- a GET form on purpose: the choice belongs in the address (shareable) and holds nothing private */}
      <form method="get" className="flex flex-col gap-6" onSubmit={(event) => enhanced && event.preventDefault()}>
        <fieldset>
          <legend className="font-semibold text-gray-950 dark:text-white">{labels.photos}</legend>
          <div className="mt-3 grid grid-cols-4 gap-2">
            {photos.map((photo) => (
              <label
                key={photo.id}
                className={`${CHOICE_CARD} bg-gray-100 dark:bg-gray-800`}
              >
                <input
                  type="radio"
                  name="photo"
                  value={photo.id}
                  checked={photoId === photo.id}
                  onChange={() => choose({ photoId: photo.id })}
                  className="sr-only"
                />
                <PlainImage src={showcaseSrc(photo.id, "before", 640)} alt="" width={640} height={thumbnailHeight(photo.id)} loading="lazy" className="aspect-4/3 w-full object-cover" />
                <span className="block px-1.5 py-1 text-xs leading-tight font-medium text-gray-900 sm:text-sm dark:text-gray-100">{photo.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-semibold text-gray-950 dark:text-white">{labels.styles}</legend>
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {styles.map((style) => (
              <label
                key={style.id}
                className={`${CHOICE_CARD} bg-gray-100 dark:bg-gray-800`}
              >
                <input
                  type="radio"
                  name="style"
                  value={style.id}
                  checked={styleId === style.id}
                  onChange={() => choose({ styleId: style.id })}
                  aria-describedby={`style-${style.id}-description`}
                  className="sr-only"
                />
                <PlainImage src={style.thumbnail} alt="" width={240} height={160} loading="lazy" className="aspect-3/2 w-full object-cover" />
                <span className="block px-2 pt-1.5 text-sm font-medium text-gray-900 dark:text-gray-100">{style.name}</span>
                <span id={`style-${style.id}-description`} className="block px-2 pb-2 text-xs text-gray-700 dark:text-gray-300">
                  {style.description}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {enhanced ? null : (
          <Button type="submit" className="self-start">
            {labels.show}
          </Button>
        )}
      </form>
    </div>
  );
}

function thumbnailHeight(photoId: string): number {
  const size = showcase.photos[photoId];
  return size ? Math.round((size.height * 640) / size.width) : 480;
}

/** Nothing changes after hydration: the store only tells the server render (false) from the browser (true). */
function noSubscription() {
  return () => {};
}
