import { memo, type Ref } from "react";
import { useTranslations } from "next-intl";
import { Images, Library, Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ImageChoice, LibraryOption } from "./choice";
import { LibraryPicker } from "./library-picker";
import { SelectedImage } from "./selected-image";
import { SourceTabs, type SourceKind } from "./source-tabs";
import { UploadPanel } from "./upload-panel";
import type { UploadState } from "./use-image-upload";

interface Props {
  headingRef: Ref<HTMLHeadingElement>;
  choice: ImageChoice | null;
  requestedImageMissing: boolean;
  tab: SourceKind;
  onTab: (tab: SourceKind) => void;
  upload: UploadState;
  onFile: (file: File) => void;
  onCancelUpload: () => void;
  library: readonly LibraryOption[];
  onLibraryPhoto: (photo: LibraryOption) => void;
  onOpenGallery: () => void;
}

/** Step 1, the image: the one chosen, and where it comes from (an upload, the library, the person's gallery). Memoised: results arriving do not touch it. */
export const SourceSection = memo(function SourceSection(props: Props) {
  const t = useTranslations("design");
  const { choice } = props;
  return (
    <section aria-labelledby="design-source-title" className="space-y-4">
      <h2 id="design-source-title" ref={props.headingRef} tabIndex={-1} className="scroll-mt-6 text-xl font-semibold text-gray-950 outline-none dark:text-white">
        {t("step", { number: 1, title: t("sourceLegend") })}
      </h2>
      {props.requestedImageMissing && !choice && <p className="text-sm text-amber-800 dark:text-amber-200">{t("requestedImageMissing")}</p>}
      <div className="space-y-2">
        <h3 className="text-sm font-medium text-gray-900 dark:text-gray-100">{t("selectedTitle")}</h3>
        <SelectedImage choice={choice} />
      </div>
      <SourceTabs
        label={t("sourceTabs")}
        active={props.tab}
        onChange={props.onTab}
        tabs={{
          upload: {
            label: t("tabUpload"),
            icon: <Upload />,
            panel: <UploadPanel state={props.upload} onFile={props.onFile} onCancel={props.onCancelUpload} hasChoice={choice !== null} />,
          },
          library: {
            label: t("tabLibrary"),
            icon: <Library />,
            panel: <LibraryPicker photos={props.library} selectedId={choice?.type === "library" ? choice.photo.id : null} onSelect={props.onLibraryPhoto} />,
          },
          gallery: {
            label: t("tabGallery"),
            icon: <Images />,
            panel: (
              <div className="space-y-3">
                <p className="text-sm text-gray-700 dark:text-gray-300">{t("galleryLead")}</p>
                <Button variant="outline" color="gray" leadingIcon={<Images />} onClick={props.onOpenGallery}>
                  {t("galleryOpen")}
                </Button>
              </div>
            ),
          },
        }}
      />
    </section>
  );
});
