"use client";

import { memo, useCallback, useMemo } from "react";
import { useTranslations } from "next-intl";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { reloadPersonData } from "@/components/account/person-data-store";
import { Button } from "@/components/ui/button";
import { roomTypes, type RoomType } from "@/config/room-types";
import type { ListingPhotoDto, ListingResultDto } from "@/schemas/listings";
import { ListingResult } from "./listing-result";
import type { ListingActions } from "./use-listing-actions";

/**
 * One photo of the listing: its room type, its place in the order, its results with the one chosen for the
 * client, and the chosen one's HD copy. Memoised, with stable callbacks: an event about one result renders
 * its photo alone.
 */
export const ListingPhotoCard = memo(function ListingPhotoCard({
  photo,
  index,
  count,
  labelled,
  hdPlain,
  actions,
  resultName,
  onMove,
  onRemove,
  onRemake,
}: {
  photo: ListingPhotoDto;
  index: number;
  /** How many photos the listing has. */
  count: number;
  labelled: boolean;
  hdPlain: boolean;
  actions: ListingActions;
  resultName: (r: ListingResultDto) => string;
  onMove: (photo: ListingPhotoDto, by: number) => void;
  onRemove: (photo: ListingPhotoDto, number: number) => void;
  onRemake: (visualizationId: string) => Promise<string | null>;
}) {
  const t = useTranslations("listings");
  const tRooms = useTranslations("rooms");
  const { busy, send, act, call } = actions;
  const number = index + 1;
  const room = tRooms(photo.roomType as RoomType);
  const path = `/photos/${photo.id}`;
  const shown = useMemo(() => ({ image: photo.image, number, room, roomType: photo.roomType }), [photo.image, number, room, photo.roomType]);
  const choose = useCallback(
    (visualizationId: string, chosen: boolean) => void send(`choose:${photo.id}`, "PUT", `/photos/${photo.id}/choice`, { visualizationId: chosen ? visualizationId : null }),
    [send, photo.id],
  );
  return (
    <li data-testid="listing-photo" className="space-y-3 rounded-2xl border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-lg font-semibold">{number}.</span>
        {photo.image ? (
          // eslint-disable-next-line @next/next/no-img-element -- the user's own short-lived image, served by our API
          <img src={photo.image.url} alt={t("photoAlt", { number, room })} width={photo.image.width} height={photo.image.height} className="h-20 w-auto rounded-lg object-cover" />
        ) : (
          <p className="text-sm text-amber-900 dark:text-amber-200">{t("photoGone")}</p>
        )}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("roomType")}
          <select
            // Which photo's room it is: one select per photo, all labelled alike on the screen.
            aria-label={t("roomOfPhoto", { number })}
            value={photo.roomType}
            onChange={(e) => void send(`room:${photo.id}`, "PATCH", path, { roomType: e.target.value })}
            className="rounded-lg border border-gray-300 bg-white px-2 py-1 dark:border-gray-700 dark:bg-gray-900"
          >
            {roomTypes.map((r) => (
              <option key={r} value={r}>{tRooms(r)}</option>
            ))}
          </select>
        </label>
        <div className="ml-auto flex gap-1">
          <Button variant="ghost" color="gray" aria-label={t("moveUp", { number })} leadingIcon={<ArrowUp />} disabled={index === 0} onClick={() => onMove(photo, -1)} />
          <Button variant="ghost" color="gray" aria-label={t("moveDown", { number })} leadingIcon={<ArrowDown />} disabled={index === count - 1} onClick={() => onMove(photo, 1)} />
          <Button variant="ghost" color="red" aria-label={t("remove", { number })} leadingIcon={<Trash2 />} onClick={() => onRemove(photo, number)} />
        </div>
      </div>
      <h3 className="text-sm font-medium">{t("results", { number })}</h3>
      {photo.results.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("noResults")}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {photo.results.map((r) => (
            <ListingResult
              key={r.visualizationId}
              result={r}
              name={resultName(r)}
              photo={shown}
              chosen={photo.chosenVisualizationId === r.visualizationId}
              labelled={labelled}
              onChoose={choose}
              onRemake={onRemake}
            />
          ))}
        </ul>
      )}
      {photo.chosenVisualizationId &&
        (photo.hd ? (
          <Button asChild size="xs" variant="soft">
            <a href={`${actions.base}${path}/hd`} download>{t("hdDownload")}</a>
          </Button>
        ) : photo.hdState === "queued" || photo.hdState === "running" ? (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            {t("hdWorking")}
          </p>
        ) : (
          <>
            {photo.hdState === "failed" && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {t("hdFailed")}
              </p>
            )}
            <Button
              size="xs"
              variant="outline"
              loading={busy === `hd:${photo.id}`}
              onClick={() =>
                void act(`hd:${photo.id}`, async () => {
                  const answer = await call("POST", `${path}/hd`, {});
                  void reloadPersonData();
                  return answer;
                })
              }
            >
              {t("hd")}
            </Button>
          </>
        ))}
      {photo.chosenVisualizationId && hdPlain && <p className="text-xs text-gray-700 dark:text-gray-300">{t("hdPlain")}</p>}
    </li>
  );
});
