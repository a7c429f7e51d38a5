"use client";

import { memo, useState, type DragEvent } from "react";
import { useTranslations } from "next-intl";
import { Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { GalleryModal } from "@/components/design/gallery-modal";
import type { LibraryOption } from "@/components/design/choice";
import { LibraryPicker } from "@/components/design/library-picker";
import { LISTING_MAX_PHOTOS } from "@/config/listings";
import { roomTypes, type RoomType } from "@/config/room-types";
import type { PhotoUpload } from "./use-photo-uploads";
import type { useAddPhotos } from "./use-add-photos";

/** Where photos come in: dropped or chosen files, the person's gallery, the example photos; and the uploads under way. */
export const AddPhotosSection = memo(function AddPhotosSection({ adding, library }: { adding: ReturnType<typeof useAddPhotos>; library: readonly LibraryOption[] }) {
  const t = useTranslations("listings");
  const tRooms = useTranslations("rooms");
  const [dragging, setDragging] = useState(false);
  const [gallery, setGallery] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    adding.addFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <section aria-labelledby="add-photos" className="space-y-3">
      <h2 id="add-photos" className="text-xl font-semibold">{t("addPhotos")}</h2>
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
        {t("roomForNew")}
        <select value={adding.newRoom} onChange={(e) => adding.setNewRoom(e.target.value as RoomType)} className="rounded-lg border border-gray-300 bg-white px-3 py-2 dark:border-gray-700 dark:bg-gray-900">
          {roomTypes.map((r) => (
            <option key={r} value={r}>{tRooms(r)}</option>
          ))}
        </select>
      </label>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="listing-drop-zone"
        className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center ${dragging ? "border-primary-600 bg-primary-50 dark:bg-primary-950" : "border-gray-300 dark:border-gray-700"}`}
      >
        <Upload aria-hidden="true" className="size-8 text-gray-500" />
        <p>{t("dropHint", { max: LISTING_MAX_PHOTOS })}</p>
        <label className="cursor-pointer rounded-lg bg-primary-700 px-4 py-2 font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 hover:bg-primary-800">
          {t("chooseFiles")}
          <input
            type="file"
            multiple
            accept="image/*,.heic,.heif"
            className="sr-only"
            onChange={(e) => {
              adding.addFiles(Array.from(e.target.files ?? []));
              e.target.value = "";
            }}
          />
        </label>
      </div>
      <Button variant="outline" color="gray" onClick={() => setGallery(true)}>
        {t("fromGallery")}
      </Button>
      <GalleryModal
        open={gallery}
        onOpenChange={setGallery}
        initial={[]}
        selectedId={null}
        onChoose={(image) => {
          setGallery(false);
          void adding.addImage(image.id);
        }}
      />
      <Button variant="outline" color="gray" onClick={() => setLibraryOpen(true)}>
        {t("fromLibrary")}
      </Button>
      <Modal open={libraryOpen} onOpenChange={setLibraryOpen} title={t("fromLibrary")}>
        <LibraryPicker
          photos={library}
          selectedId={null}
          onSelect={(photo) => {
            setLibraryOpen(false);
            void adding.addExample(photo);
          }}
        />
      </Modal>
      {adding.uploads.length > 0 && <UploadList uploads={adding.uploads} />}
    </section>
  );
});

function UploadList({ uploads }: { uploads: PhotoUpload[] }) {
  const t = useTranslations("listings");
  return (
    <ul aria-label={t("uploads")} className="space-y-1 text-sm">
      {uploads.map((u) => (
        <li key={u.key} className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium wrap-anywhere">{u.name}</span>
          {u.state === "waiting" && <span>{t("uploadWaiting")}</span>}
          {u.state === "uploading" && <progress max={1} value={u.progress ?? undefined} aria-label={u.name} className="h-2 w-32" />}
          {u.state === "done" && <span className="text-green-800 dark:text-green-300">{t("uploadDone")}</span>}
          {u.state === "failed" && <span role="alert" className="text-red-700 dark:text-red-400">{u.message}</span>}
        </li>
      ))}
    </ul>
  );
}
