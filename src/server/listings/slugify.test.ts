import { describe, expect, it } from "vitest";
import { portalProfiles, type PortalProfile } from "@/config/listing-portals";
import { listingFileName, listingZipFileName, resultWords } from "./listing-file-name";
import { slugify } from "./slugify";

describe("slugify", () => {
  it("writes Polish names in plain ASCII words", () => {
    expect(slugify("Złota 44/12 — mieszkanie dla Kowalskich")).toBe("zlota-44-12-mieszkanie-dla-kowalskich");
  });

  it("never ends in a hyphen when a long name is cut just after a word", () => {
    // The slug reaches 59 characters at "abc": the cut at 60 falls on the hyphen after it.
    const name = "Mieszkanie trzypokojowe z balkonem ul Pulawska 120 m 45 abc sprzedaz";
    expect(slugify(name)).toBe("mieszkanie-trzypokojowe-z-balkonem-ul-pulawska-120-m-45-abc");
    expect(listingFileName({ listingName: name, number: 1, roomType: "living-room", styleId: "modern", mode: "restyle", locale: "en" })).toBe("mieszkanie-trzypokojowe-z-balkonem-ul-pulawska-120-m-45-abc-01-living-room-modern.jpg");
  });
});

describe("listingFileName", () => {
  const file = (change: { styleId?: string; mode?: string; original?: boolean; roomType?: string }, locale: "pl" | "en" = "pl") =>
    listingFileName({ listingName: "Złota 44", number: 3, roomType: change.roomType ?? "kids-room", styleId: change.styleId ?? null, mode: change.mode ?? "restyle", original: change.original, locale });

  it("names the room and the style in the page's language, in plain ASCII words", () => {
    expect(file({ styleId: "art-deco" })).toBe("zlota-44-03-pokoj-dzieciecy-art-deco.jpg");
    expect(file({ styleId: "scandinavian", roomType: "bedroom" })).toBe("zlota-44-03-sypialnia-skandynawski.jpg");
    expect(file({ styleId: "scandinavian", roomType: "bedroom" }, "en")).toBe("zlota-44-03-bedroom-scandinavian.jpg");
  });

  it("names the original photo, and a result without a style by what was done", () => {
    expect(file({ original: true, roomType: "kitchen" })).toBe("zlota-44-03-kuchnia-oryginal.jpg");
    expect(file({ original: true, roomType: "kitchen" }, "en")).toBe("zlota-44-03-kitchen-original.jpg");
    expect(file({ mode: "declutter", roomType: "living-room" })).toBe("zlota-44-03-salon-oprozniony-pokoj.jpg");
    expect(file({ mode: "declutter", roomType: "living-room" }, "en")).toBe("zlota-44-03-living-room-decluttered.jpg");
    expect(file({ mode: "reference", roomType: "office" })).toBe("zlota-44-03-gabinet-styl-ze-zdjecia.jpg");
  });

  it("falls back to the ids of a room, style or mode the catalogue no longer has", () => {
    expect(file({ styleId: "gone-style", roomType: "attic" })).toBe("zlota-44-03-attic-gone-style.jpg");
    expect(file({ mode: "paint", roomType: "attic" })).toBe("zlota-44-03-attic-paint.jpg");
  });
});

describe("resultWords", () => {
  it("names a result by its style, else by what was done, as its client link shows it", () => {
    const words = (mode: string, styleId: string | null = null) => resultWords({ locale: "pl", styleId, mode });
    expect([words("restyle", "scandinavian"), words("declutter"), words("sky"), words("twilight")]).toEqual(["Skandynawski", "Opróżniony pokój", "Nowe niebo", "Zmierzch"]);
    expect(resultWords({ locale: "en", styleId: null, mode: "twilight" })).toBe("Twilight");
  });
});

describe("listingZipFileName", () => {
  it("names a portal's package for the portal, and the one without a label so, apart from the plain ZIP", () => {
    const zip = (portal?: PortalProfile, locale: "pl" | "en" = "pl") => listingZipFileName({ listingName: "Złota 44", portal, locale });
    const { otodom, none } = portalProfiles;
    expect([zip(), zip(otodom), zip(none), zip(none, "en")]).toEqual(["zlota-44.zip", "zlota-44-otodom.zip", "zlota-44-bez-etykiety.zip", "zlota-44-unlabelled.zip"]);
  });
});
