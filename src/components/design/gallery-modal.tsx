"use client";

import { useEffect, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { CircleAlert } from "lucide-react";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { PlainImage } from "@/components/ui/plain-image";
import { minutesLeft } from "@/components/ui/use-now";
import type { ImageDto } from "@/schemas/generation";
import { listImages } from "./api";

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list the page was rendered with, shown at once while a fresh one loads. */
  initial: readonly ImageDto[];
  selectedId: string | null;
  onChoose: (image: ImageDto) => void;
}

type Load = { status: "loading" } | { status: "ready"; images: ImageDto[] } | { status: "failed" };

/** The "new gallery" modal: the user's uploads and results of the last hour, to pick one. */
export function GalleryModal({ open, onOpenChange, initial, selectedId, onChoose }: Props) {
  const t = useTranslations("design");
  const tGen = useTranslations("generation");
  const tErrors = useTranslations("errors");
  const format = useFormatter();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!open) return;
    let current = true;
    listImages()
      .then((images) => current && (setLoad({ status: "ready", images }), setNow(Date.now())))
      .catch(() => current && setLoad({ status: "failed" }));
    return () => {
      current = false;
    };
  }, [open, attempt]);

  const images = (load.status === "ready" ? load.images : initial).filter((image) => minutesLeft(image.expiresAt, now) > 0);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("galleryTitle")} description={t("galleryDescription")} className="sm:max-w-2xl">
      {load.status === "failed" && (
        <div role="alert" className="mb-3 flex flex-wrap items-center gap-2 text-red-700 dark:text-red-400">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1">{t("galleryError")}</span>
          <Button
            size="xs"
            variant="outline"
            color="gray"
            onClick={() => {
              setLoad({ status: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            {tErrors("retry")}
          </Button>
        </div>
      )}
      {load.status === "loading" && images.length === 0 ? (
        <p role="status">{t("galleryLoading")}</p>
      ) : images.length === 0 ? (
        <p>{t("galleryEmpty")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                aria-pressed={image.id === selectedId}
                onClick={() => {
                  onChoose(image);
                  onOpenChange(false);
                }}
                className="group block w-full overflow-hidden rounded-lg bg-gray-100 text-start ring-1 ring-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 aria-pressed:ring-3 aria-pressed:ring-primary-600 dark:bg-gray-800 dark:ring-gray-700 dark:focus-visible:outline-primary-400 dark:aria-pressed:ring-primary-400"
              >
                <PlainImage src={image.url} alt="" width={image.width} height={image.height} loading="lazy" className="aspect-4/3 w-full object-cover" />
                <span className="block px-2 pt-1.5 text-sm font-medium text-gray-900 dark:text-gray-100">
                  {/* When it was made: what tells two uploads of the same hour apart, for anyone who cannot see them. */}
                  {t(image.kind === "result" ? "galleryResult" : "galleryUpload", { time: format.dateTime(new Date(image.createdAt), { timeStyle: "short" }) })}
                </span>{" "}
                <span className="block px-2 pb-1.5 text-xs text-gray-700 dark:text-gray-300">{tGen("minutesLeft", { minutes: minutesLeft(image.expiresAt, now) })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
