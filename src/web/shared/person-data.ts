import type { BatchDto, ImageDto } from "@/schemas/generation";
import type { Welcome } from "@/components/account/welcome-modal";
import type { AccountMenuData } from "./account-menu-data";

/** The parts of a signed-in shell that belong to a page rather than to every page: GET /api/me?with=<part>. */
export const personDataParts = ["gallery", "batches"] as const;
export type PersonDataPart = (typeof personDataParts)[number];

/**
 * Everything of the person a signed-in shell shows (config/page-cache.ts: its HTML holds none of it), in one
 * answer of GET /api/me: the header's account menu, the welcome dialog, the balance and the page's own part.
 */
export type PersonData = {
  menu: AccountMenuData;
  welcome: Welcome | null;
  balance: number;
  /** The server's clock (ms), so "minutes left" counts from the same time as the expiry it is compared with. */
  now: number;
  /** The uploads and results of the last hour (with=gallery). */
  gallery: ImageDto[] | null;
  /** The recent batches (with=batches). */
  batches: BatchDto[] | null;
};
