import { describe, expect, it } from "vitest";
import { routes, type StaticRouteKey } from "@/config/routes";
import { catalogs } from "@/i18n/catalogs";
import { ogPageImagePath, ogPageKeyOf, ogPageTitles, ogPostImagePath } from "./og-pages";

describe("Open Graph image addresses", () => {
  it("give every indexable public page its own image, titled in both languages", () => {
    const indexable = (Object.keys(routes) as StaticRouteKey[]).filter((key) => routes[key].indexable && routes[key].access === "public");
    expect(Object.keys(ogPageTitles).sort()).toEqual(indexable.sort());
    for (const [key, title] of Object.entries(ogPageTitles)) {
      for (const messages of [catalogs.pl, catalogs.en]) expect(title(messages).trim(), key).not.toBe("");
    }
  });

  it("name the page in the address and read it back", () => {
    expect(ogPageImagePath("pl", "/")).toBe("/api/og/pl/home");
    expect(ogPageImagePath("en", "/pricing")).toBe("/api/og/en/pricing");
    expect(ogPageKeyOf(["home"])).toBe("/");
    expect(ogPageKeyOf(["information-obligation"])).toBe("/information-obligation");
    for (const segments of [[], ["home", "x"], ["design"], ["blog", "x"], ["cennik"]]) expect(ogPageKeyOf(segments), segments.join("/")).toBeNull();
  });

  it("give a signed-in page the home page's image, and a post its own", () => {
    expect(ogPageImagePath("en", "/design")).toBe("/api/og/en/home");
    expect(ogPostImagePath("pl", ["nieruchomosci", "wirtualny-home-staging"])).toBe("/api/og/pl/blog/nieruchomosci/wirtualny-home-staging");
  });
});
