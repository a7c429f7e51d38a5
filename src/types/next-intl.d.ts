// Typed message keys (next-intl's AppConfig): a key missing from messages/pl.json, or a namespace typed
// wrong, is a type error at `npm test`'s typecheck, not a raw key on a page. The two files' keys are kept
// equal by scripts/check-messages.mjs, so the Polish file's shape stands for both.
import type { Locale } from "@/config/routes";
import type { Messages } from "@/i18n/catalogs";

declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
