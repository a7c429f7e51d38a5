import { createTranslator } from "next-intl";
import { pathFor, type Locale } from "@/config/routes";
import type { Messages } from "@/i18n/catalogs";

/**
 * The banner's and the dialog's texts, translated on the server like the layout's other labels
 * (src/web/layout-labels.ts), so no page loads next-intl's runtime for them.
 */
export type ConsentLabels = {
  banner: { title: string; text: string; privacy: string; privacyHref: string; accept: string; reject: string; settings: string };
  settings: {
    title: string;
    description: string;
    necessary: string;
    necessaryText: string;
    alwaysOn: string;
    analytics: string;
    analyticsText: string;
    accept: string;
    reject: string;
    save: string;
  };
};

export function consentLabels(locale: Locale, messages: Messages): ConsentLabels {
  const t = createTranslator({ locale, messages, namespace: "consent" });
  return {
    banner: {
      title: t("banner.title"),
      text: t("banner.text"),
      privacy: t("banner.privacy"),
      privacyHref: pathFor("/privacy", locale),
      accept: t("accept"),
      reject: t("reject"),
      settings: t("banner.settings"),
    },
    settings: {
      title: t("settings.title"),
      description: t("settings.description"),
      necessary: t("settings.necessary"),
      necessaryText: t("settings.necessaryText"),
      alwaysOn: t("settings.alwaysOn"),
      analytics: t("settings.analytics"),
      analyticsText: t("settings.analyticsText"),
      accept: t("accept"),
      reject: t("reject"),
      save: t("settings.save"),
    },
  };
}
