"use client";

import { useTranslations } from "next-intl";
import { ImageIcon } from "lucide-react";
import { PlainImage } from "@/components/ui/plain-image";
import type { ImageChoice } from "./choice";

/** The image Generate will use, large enough to check it is the right one. */
export function SelectedImage({ choice }: { choice: ImageChoice | null }) {
  const t = useTranslations("design");
  const tRooms = useTranslations("rooms");
  if (!choice) {
    return (
      <div className="flex aspect-video max-h-72 w-full items-center justify-center gap-2 rounded-xl bg-gray-100 px-4 text-center text-gray-700 sm:w-96 dark:bg-gray-800 dark:text-gray-300">
        <ImageIcon aria-hidden="true" className="size-5 shrink-0" />
        {t("noImage")}
      </div>
    );
  }
  const image =
    choice.type === "library"
      ? { src: choice.photo.file, width: choice.photo.width, height: choice.photo.height, alt: t("selectedLibraryAlt", { room: tRooms(choice.photo.roomType) }) }
      : {
          src: choice.image.url,
          width: choice.image.width,
          height: choice.image.height,
          alt: t(choice.image.kind === "result" ? "selectedResultAlt" : "selectedUploadAlt"),
        };
  return (
    <PlainImage
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      className="block h-auto max-h-72 w-auto max-w-full rounded-xl bg-gray-100 object-contain dark:bg-gray-800"
    />
  );
}
