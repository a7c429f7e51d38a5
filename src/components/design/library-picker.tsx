"use client";

import { useTranslations } from "next-intl";
import { PlainImage } from "@/components/ui/plain-image";
import { CHOICE_CARD } from "@/components/ui/choice-card";
import type { LibraryOption } from "./choice";

interface Props {
  photos: readonly LibraryOption[];
  selectedId: string | null;
  onSelect: (photo: LibraryOption) => void;
}

/** The example photos as a radio group: a thumbnail and the room it shows. */
export function LibraryPicker({ photos, selectedId, onSelect }: Props) {
  const t = useTranslations("design");
  const tRooms = useTranslations("rooms");
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{t("libraryLegend")}</legend>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t("libraryLead")}</p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {photos.map((photo) => (
          <label
            key={photo.id}
            className={`${CHOICE_CARD} group relative bg-gray-100 dark:bg-gray-800`}
          >
            <input
              type="radio"
              name="library-photo"
              value={photo.id}
              checked={selectedId === photo.id}
              onChange={() => onSelect(photo)}
              className="sr-only"
            />
            <PlainImage src={photo.file} alt="" width={photo.width} height={photo.height} loading="lazy" className="aspect-4/3 w-full object-cover" />
            <span className="block px-2 py-1.5 text-sm font-medium text-gray-900 dark:text-gray-100">{tRooms(photo.roomType)}</span>{" "}
            {/* A web address with nowhere to break wraps anywhere rather than being cut off. */}
            {photo.credit ? (
              <span className="block px-2 pb-1.5 text-xs wrap-anywhere text-gray-600 dark:text-gray-400">
                {t("libraryCredit", photo.credit)}
              </span>
            ) : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
