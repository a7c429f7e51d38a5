/** A subscription's end is shown as dd.mm.yyyy (the Polish format) in both languages. */
const formatter = new Intl.DateTimeFormat("pl-PL", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Warsaw" });

export function formatSubscriptionDate(date: Date): string {
  return formatter.format(date);
}
