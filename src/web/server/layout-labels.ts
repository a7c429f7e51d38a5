import { createTranslator } from "next-intl";
import { pathFor, type Locale } from "@/config/routes";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import type { Welcome } from "@/components/account/welcome-modal";
import { catalogs, perLocale } from "@/i18n/catalogs";
import type { LayoutLabels } from "@/web/shared/layout-labels";

const translator = perLocale((locale) => createTranslator({ locale, messages: catalogs[locale] }));

/** The layout's labels (their shape and purpose: src/web/shared/layout-labels.ts), translated on the server. */
export function layoutLabels(locale: Locale): LayoutLabels {
  const t = translator[locale];
  return {
    locale,
    ui: { close: t("ui.close"), confirm: t("ui.confirm"), cancel: t("ui.cancel"), notifications: t("ui.notifications") },
    colorMode: { label: t("ui.colorMode.label"), light: t("ui.colorMode.light"), dark: t("ui.colorMode.dark"), system: t("ui.colorMode.system") },
    nav: {
      openMenu: t("nav.openMenu"),
      menuTitle: t("nav.menuTitle"),
      mainNavigation: t("nav.mainNavigation"),
      social: t("nav.social"),
      switchTo: t("nav.switchTo"),
      switchToLabel: t("nav.switchToLabel"),
    },
    social: { instagram: t("footer.social.instagram"), facebook: t("footer.social.facebook"), linkedin: t("footer.social.linkedin") },
    errors: { errorTitle: t("errors.errorTitle"), generic: t("errors.generic"), retry: t("errors.retry"), backHome: t("errors.backHome") },
  };
}

/** The welcome dialog's data, its texts translated here (the free tokens with their plural form). */
export function welcomeDialog(account: AccountSummary, locale: Locale): Welcome | null {
  if (!account.welcome) return null;
  const t = translator[locale];
  return {
    userId: account.userId,
    method: account.welcome.method,
    emailSha256: account.welcome.emailSha256,
    confirmedAt: account.welcome.grantedAt.toISOString(),
    designHref: pathFor("/design", locale),
    labels: {
      title: t("welcome.title"),
      text: t("welcome.text", { tokens: t("account.tokens", { count: account.balance }) }),
      close: t("welcome.close"),
      cta: t("welcome.cta"),
    },
  };
}
