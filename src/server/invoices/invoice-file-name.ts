import type { Locale } from "@/config/routes";

/**
 * An invoice's file name from its number (`FV/1/2026` → `FV-1-2026.pdf`): the number alone is what a Polish
 * reader expects and the FA(3) XML's name; an English PDF says what it is (`invoice-FV-1-2026.pdf`).
 */
export function invoiceFileName(options: { number: string; format: "pdf" | "xml"; locale: Locale }): string {
  const base = options.number.replaceAll("/", "-");
  return options.format === "pdf" && options.locale === "en" ? `invoice-${base}.pdf` : `${base}.${options.format}`;
}
