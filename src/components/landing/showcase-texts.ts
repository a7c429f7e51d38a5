import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/config/routes";
import { libraryPhotos } from "@/config/library";
import { showcaseIsAi, type ShowcaseStyleId } from "@/config/showcase";
import type { ShowcaseSliderTexts } from "./showcase-slider";

/** The slider's texts for one example in the reader's language; the alt text says when it is a preview without AI. */
export async function showcaseTexts(
  locale: Locale,
  photoId: string,
  styleId: ShowcaseStyleId,
): Promise<ShowcaseSliderTexts & { names: { room: string; style: string } }> {
  const t = await getTranslations({ locale, namespace: "generation" });
  const tRooms = await getTranslations({ locale, namespace: "rooms" });
  const tStyles = await getTranslations({ locale, namespace: "styles" });
  const roomType = libraryPhotos.find((photo) => photo.id === photoId)?.roomType ?? "living-room";
  const room = tRooms(roomType);
  const style = tStyles(`${styleId}.name`);
  return {
    beforeAlt: t("originalAlt", { room }),
    afterAlt: showcaseIsAi ? t("alt", { room, style }) : t("altPreview", { room, style }),
    label: t("compare", { style }),
    beforeLabel: t("before"),
    afterLabel: t("after"),
    valueTemplate: t("compareValue", { percent: "{percent}" }),
    names: { room, style },
  };
}
