import type { Locale } from "@/config/routes";
import en from "../../messages/en.json";
import pl from "../../messages/pl.json";

/** The shape of messages/*.json (scripts/check-messages.mjs keeps the two files' keys equal). */
export type Messages = typeof pl;

/** Every language's messages, for next-intl's request config and for code that translates outside a request (e-mails). */
export const catalogs: Readonly<Record<Locale, Messages>> = { pl, en };
