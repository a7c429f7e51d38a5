"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { reloadPersonData } from "@/components/account/person-data-store";
import { isFinal } from "@/components/generations/batch-state";
import type { RoomType } from "@/config/room-types";
import type { ListingDto, ListingResultDto } from "@/schemas/listings";

/**
 * What became ready (or failed) says itself in the live region, as the design page says its results, each once
 * whichever way it arrived (an event or a read of the listing); a failure gives its token back, so the balance
 * is asked again.
 */
export function useArrivalAnnouncements(listing: ListingDto, resultName: (r: ListingResultDto) => string, announce: (text: string) => void) {
  const t = useTranslations("listings");
  const tRooms = useTranslations("rooms");
  const tGen = useTranslations("generation");
  const said = useRef<Said | null>(null);

  useEffect(() => {
    // What the page showed when it opened counts as said already.
    if (!said.current) {
      said.current = saidOf(listing);
      return;
    }
    const seen = said.current;
    let refunded = false;
    listing.photos.forEach((photo, index) => {
      const photoName = t("photoAlt", { number: index + 1, room: tRooms(photo.roomType as RoomType) });
      for (const r of photo.results) {
        if (!isFinal(r.status) || seen.results.has(r.visualizationId)) continue;
        seen.results.add(r.visualizationId);
        announce(tGen(r.status === "succeeded" ? "ready" : "failed", { style: `${photoName}, ${resultName(r)}` }));
        if (r.status === "failed") refunded = true;
      }
      if (photo.hd && !seen.hd.has(photo.id)) {
        seen.hd.add(photo.id);
        announce(t("hdReady", { number: index + 1 }));
      }
      if (photo.hdState === "failed" && !seen.hdFailed.has(photo.id)) {
        seen.hdFailed.add(photo.id);
        refunded = true;
      }
      // A failed HD copy may be ordered again, and fail again.
      if (photo.hdState !== "failed") seen.hdFailed.delete(photo.id);
    });
    if (refunded) void reloadPersonData();
  }, [listing, announce, resultName, t, tGen, tRooms]);
}

type Said = { results: Set<string>; hd: Set<string>; hdFailed: Set<string> };

function saidOf(listing: ListingDto): Said {
  return {
    results: new Set(listing.photos.flatMap((p) => p.results.filter((r) => isFinal(r.status)).map((r) => r.visualizationId))),
    hd: new Set(listing.photos.filter((p) => p.hd).map((p) => p.id)),
    hdFailed: new Set(listing.photos.filter((p) => p.hdState === "failed").map((p) => p.id)),
  };
}
