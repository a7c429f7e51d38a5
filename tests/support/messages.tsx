import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { catalogs } from "@/i18n/catalogs";
import { withLayoutLabels } from "./layout-labels";

/** Styles for unit tests, so they do not depend on the catalogue's exact ids (messages styles.<id>). */
export const testStyles = {
  scandinavian: { name: "Skandynawski", description: "Jasne drewno, biel i len." },
  boho: { name: "Boho", description: "Rattan, rośliny i wzory." },
  industrial: { name: "Industrialny", description: "Cegła, beton i czarny metal." },
};

/** The Polish messages (and layout labels, for the modal) as the pages hand them to client components. */
export function withMessages(ui: ReactNode) {
  const messages = { ...catalogs.pl, styles: { ...(catalogs.pl as { styles?: object }).styles, ...testStyles } };
  return withLayoutLabels(
    <NextIntlClientProvider locale="pl" timeZone="Europe/Warsaw" messages={messages}>
      {ui}
    </NextIntlClientProvider>,
  );
}
