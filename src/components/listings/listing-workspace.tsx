"use client";

import { useCallback, useEffect, useRef } from "react";
import { useLocale, useTranslations } from "next-intl";
import { loadPersonData, reloadPersonData, usePersonData } from "@/components/account/person-data-store";
import { requestRemake } from "@/components/design/api";
import type { LibraryOption } from "@/components/design/choice";
import { useErrorText } from "@/components/design/use-error-text";
import { useCatalogNames } from "@/components/generations/catalog-names";
import { useAnnouncer } from "@/components/ui/use-announcer";
import type { EditMode } from "@/config/edit-modes";
import type { ListingDto, ListingResultDto } from "@/schemas/listings";
import { personDataUrl } from "@/web/shared/person-data";
import { AddPhotosSection } from "./add-photos-section";
import { DeliverSection } from "./deliver-section";
import { GenerateSection } from "./generate-section";
import { ListingNameSection } from "./listing-name-section";
import { PhotosSection } from "./photos-section";
import { useAddPhotos } from "./use-add-photos";
import { useArrivalAnnouncements } from "./use-arrival-announcements";
import { useListing } from "./use-listing";
import { useListingActions } from "./use-listing-actions";
import { useListingGenerate } from "./use-listing-generate";

/**
 * One listing: its photos (added many at once, with room types, in order), one Generate for all of them,
 * the results per photo with a choice, and what goes to the client (ZIP, HD, link). Reads through the page's
 * query cache (QueryProvider); its sections share the listing and its actions.
 */
export function ListingWorkspace({
  initial,
  now,
  listPath,
  sharePrefix,
  hdPlain,
  modes,
  enginesDocs,
  library,
}: {
  initial: ListingDto;
  now: number;
  listPath: string;
  sharePrefix: string;
  /** The engine has no upscaler of its own: its HD copy is a plain resampling, and the page says so. */
  hdPlain: boolean;
  /** What the configured engine can do (engineModes): the others are shown disabled, as on the design page. */
  modes: readonly EditMode[];
  enginesDocs: string;
  /** The example photos, as the design page offers them. */
  library: readonly LibraryOption[];
}) {
  const tGen = useTranslations("generation");
  const locale = useLocale();
  const errorText = useErrorText();
  const [announcement, announce] = useAnnouncer();
  const { listing, refresh, followAgain, batchOf } = useListing(initial);
  const actions = useListingActions(listing.id, refresh);

  // The balance for the confirmation, from the store the header's account menu reads: reloading it after a
  // spend or a refund keeps the header's count right too.
  const person = usePersonData();
  const balance = person?.balance ?? null;
  useEffect(() => {
    void loadPersonData(personDataUrl(locale, null));
  }, [locale]);

  // The tab names the listing (the page's title, from the server); a rename follows it there.
  const titledAs = useRef(initial.name);
  useEffect(() => {
    if (titledAs.current === listing.name) return;
    document.title = document.title.replace(titledAs.current, listing.name);
    titledAs.current = listing.name;
  }, [listing.name]);

  // Named as on the design page: its style (or what was done), which variation it is, and whether it is a free
  // remake. A listing's modes take no parameters into their names (a sky is "New sky" whichever it is).
  const names = useCatalogNames();
  const resultName = useCallback((r: ListingResultDto) => names.visualization({ mode: r.mode, params: {} }, r), [names]);
  useArrivalAnnouncements(listing, resultName, announce);

  const adding = useAddPhotos({ photoCount: listing.photos.length, lastRoomType: initial.lastRoomType, actions, refresh, announce });
  const generating = useListingGenerate({ liveRooms: listing.photos.flatMap((p) => (p.generatable ? [p.roomType] : [])).join(","), balance, team: person?.team ?? null, capLeft: person?.capLeft ?? null, actions, refresh });

  const remake = useCallback(
    async (visualizationId: string): Promise<string | null> => {
      const batchId = batchOf(visualizationId);
      const outcome = await requestRemake(visualizationId);
      // The remake joins its original's batch, whose events are followed again.
      if (outcome.ok && batchId) followAgain(batchId);
      await refresh();
      void reloadPersonData();
      if (outcome.ok) return null;
      return outcome.kind === "network" ? tGen("structure.remakeNetwork") : errorText(outcome);
    },
    [batchOf, followAgain, refresh, tGen, errorText],
  );

  return (
    <div className="space-y-10">
      <ListingNameSection listing={listing} serverNow={now} listPath={listPath} actions={actions} refresh={refresh} announcement={announcement} />
      <AddPhotosSection adding={adding} library={library} />
      <GenerateSection generating={generating} modes={modes} enginesDocs={enginesDocs} />
      <PhotosSection listing={listing} hdPlain={hdPlain} actions={actions} resultName={resultName} onRemake={remake} />
      <DeliverSection listing={listing} sharePrefix={sharePrefix} actions={actions} refresh={refresh} announce={announce} />
    </div>
  );
}
