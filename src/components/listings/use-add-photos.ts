"use client";

import { useCallback, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { serverMessage } from "@/web/client/api-fetch";
import type { LibraryOption } from "@/components/design/choice";
import { LISTING_MAX_PHOTOS } from "@/config/listings";
import type { RoomType } from "@/config/room-types";
import type { ListingDto } from "@/schemas/listings";
import type { ListingActions } from "./use-listing-actions";
import { usePhotoUploads } from "./use-photo-uploads";

/**
 * Photos into the listing: files (uploaded, then added one by one in the order chosen), one of the person's
 * own images, or an example photo, with the room type chosen for new photos.
 */
export function useAddPhotos({
  photoCount,
  lastRoomType,
  actions,
  refresh,
  announce,
}: {
  photoCount: number;
  lastRoomType: string | null;
  actions: ListingActions;
  refresh: () => Promise<ListingDto | null>;
  announce: (text: string, topic?: string) => void;
}) {
  const t = useTranslations("listings");
  const [newRoom, setNewRoom] = useState<RoomType>((lastRoomType as RoomType | null) ?? "living-room");
  const { call, send, setMessage } = actions;

  const addUploaded = useCallback(
    async (imageId: string) => {
      const answer = await call("POST", "/photos", { sources: [{ type: "image", imageId }], roomType: newRoom });
      await refresh();
      return answer.ok ? null : (serverMessage(answer) ?? t("error"));
    },
    [call, newRoom, refresh, t],
  );
  const { uploads, start } = usePhotoUploads(addUploaded, t("error"));

  const addFiles = useCallback(
    (files: File[]) => {
      const left = LISTING_MAX_PHOTOS - photoCount;
      if (files.length > left) setMessage({ text: t("tooMany", { max: LISTING_MAX_PHOTOS, left: Math.max(0, left) }), error: true });
      else setMessage(null);
      if (left <= 0) return;
      const sent = files.slice(0, left);
      // Said as well as shown: the list of uploads is not read out as it changes.
      announce(t("uploadsStarted", { count: sent.length }), "uploads");
      void start(sent).then(({ added, failed }) => announce(t("uploadsSettled", { added, failed }), "uploads"));
    },
    [photoCount, setMessage, announce, start, t],
  );

  const addImage = useCallback((imageId: string) => send("gallery", "POST", "/photos", { sources: [{ type: "image", imageId }], roomType: newRoom }), [send, newRoom]);
  // An example photo comes with its room type, as on the design page.
  const addExample = useCallback((photo: LibraryOption) => send("library", "POST", "/photos", { sources: [{ type: "library", libraryId: photo.id }], roomType: photo.roomType }), [send]);

  // The same object while none of it changes: the section it feeds is not rendered again by a result's event.
  return useMemo(() => ({ newRoom, setNewRoom, uploads, addFiles, addImage, addExample }), [newRoom, uploads, addFiles, addImage, addExample]);
}
