import type { BatchDto, ImageDto } from "@/schemas/generation";
import type { Welcome } from "@/components/account/welcome-modal";
import type { signedInShells } from "@/config/page-cache";
import type { AccountMenuData } from "./account-menu-data";

/** The parts of a signed-in shell that belong to a page rather than to every page: GET /api/me?with=<part>. */
export const personDataParts = ["gallery", "batches"] as const satisfies readonly (typeof signedInShells)[keyof typeof signedInShells][];
export type PersonDataPart = (typeof personDataParts)[number];

/** The element of a shell's HTML that carries the person's data (server.ts puts it there), and its address. */
export const PERSON_DATA_ELEMENT = "person-data";

/** Where a shell's browser fetches the person's data when the page did not bring it. */
export function personDataUrl(locale: string, part: PersonDataPart | null): string {
  return `/api/me?locale=${locale}${part ? `&with=${part}` : ""}`;
}

/**
 * Everything of the person a signed-in shell shows (config/page-cache.ts: its HTML holds none of it), in one
 * answer of GET /api/me: the header's account menu, the welcome dialog, the balance and the page's own part.
 */
export type PersonData = {
  menu: AccountMenuData;
  welcome: Welcome | null;
  balance: number;
  /** The team whose pool `balance` is, while the person works as it; null: their own tokens. */
  team: string | null;
  /** In a team, what the person's monthly cap still allows them to spend of the pool; null: no cap. */
  capLeft: number | null;
  /** The server's clock (ms), so "minutes left" counts from the same time as the expiry it is compared with. */
  now: number;
  /** The uploads and results of the last hour (with=gallery). */
  gallery: ImageDto[] | null;
  /** The recent batches (with=batches); with the gallery (the design page), those it shows again (listDesignBatches). */
  batches: BatchDto[] | null;
};

/**
 * The markup that carries `person` in a shell's HTML: a data block the browser does not run (so no script
 * policy applies to it), every `<` escaped so nothing in the data can close it. `source` is the address the
 * same data would come from, so the page knows it need not ask.
 */
export function personDataScript(person: PersonData, source: string): string {
  const json = JSON.stringify(person).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${PERSON_DATA_ELEMENT}" data-source="${source.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">${json}</script>`;
}
