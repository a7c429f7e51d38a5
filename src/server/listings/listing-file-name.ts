import { slugify } from "./slugify";

/** `<listing>-<nn>-<room>-<style>.jpg`, the name of a result in the listing's downloads. */
export function listingFileName(options: { listingName: string; number: number; roomType: string; styleId: string; suffix?: string }): string {
  const name = slugify(options.listingName) || "listing";
  const parts = [name, String(options.number).padStart(2, "0"), slugify(options.roomType), slugify(options.styleId)];
  if (options.suffix) parts.push(options.suffix);
  return `${parts.join("-")}.jpg`;
}
