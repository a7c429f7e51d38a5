"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import type { ListingDto, ListingPhotoDto, ListingResultDto } from "@/schemas/listings";
import { ListingPhotoCard } from "./listing-photo-card";
import type { ListingActions } from "./use-listing-actions";

/** The listing's photos in their order, each with its results; a removal is confirmed first. */
export function PhotosSection({
  listing,
  hdPlain,
  actions,
  resultName,
  onRemake,
}: {
  listing: ListingDto;
  hdPlain: boolean;
  actions: ListingActions;
  resultName: (r: ListingResultDto) => string;
  onRemake: (visualizationId: string) => Promise<string | null>;
}) {
  const t = useTranslations("listings");
  // A photo to remove, once its removal is confirmed: its results (tokens already paid) go with it.
  const [removing, setRemoving] = useState<{ photo: ListingPhotoDto; number: number } | null>(null);

  // The order as it is when a button is pressed, for callbacks that stay the same while events change the photos.
  const order = useRef(listing.photos.map((p) => p.id));
  useEffect(() => {
    order.current = listing.photos.map((p) => p.id);
  }, [listing.photos]);
  const { send } = actions;
  const move = useCallback(
    (photo: ListingPhotoDto, by: number) => {
      const ids = [...order.current];
      const from = ids.indexOf(photo.id);
      const to = from + by;
      if (to < 0 || to >= ids.length) return;
      ids.splice(to, 0, ids.splice(from, 1)[0]!);
      void send(`move:${photo.id}`, "PUT", "/photos", { photoIds: ids });
    },
    [send],
  );
  const remove = useCallback((photo: ListingPhotoDto, number: number) => setRemoving({ photo, number }), []);

  return (
    <>
      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? t("remove", { number: removing.number }) : ""}
        description={removing ? t("removeConfirm", { results: removing.photo.results.filter((r) => r.status === "succeeded").length }) : ""}
        footer={
          <>
            <Button variant="outline" color="gray" onClick={() => setRemoving(null)}>{t("cancel")}</Button>
            <Button
              color="red"
              onClick={() => {
                const photo = removing!.photo;
                setRemoving(null);
                void actions.send(`remove:${photo.id}`, "DELETE", `/photos/${photo.id}`);
              }}
            >
              {t("removeConfirmed")}
            </Button>
          </>
        }
      />
      <section aria-labelledby="photos" className="space-y-6">
        <h2 id="photos" className="sr-only">{t("photosHeading")}</h2>
        <ol className="space-y-6">
          {listing.photos.map((photo, index) => (
            <ListingPhotoCard
              key={photo.id}
              photo={photo}
              index={index}
              count={listing.photos.length}
              labelled={listing.disclosureLabel}
              hdPlain={hdPlain}
              actions={actions}
              resultName={resultName}
              onMove={move}
              onRemove={remove}
              onRemake={onRemake}
            />
          ))}
        </ol>
      </section>
    </>
  );
}
