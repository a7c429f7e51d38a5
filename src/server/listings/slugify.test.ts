import { describe, expect, it } from "vitest";
import { listingFileName } from "./listing-file-name";
import { slugify } from "./slugify";

describe("slugify", () => {
  it("writes Polish names in plain ASCII words", () => {
    expect(slugify("Złota 44/12 — mieszkanie dla Kowalskich")).toBe("zlota-44-12-mieszkanie-dla-kowalskich");
  });

  it("never ends in a hyphen when a long name is cut just after a word", () => {
    // The slug reaches 59 characters at "abc": the cut at 60 falls on the hyphen after it.
    const name = "Mieszkanie trzypokojowe z balkonem ul Pulawska 120 m 45 abc sprzedaz";
    expect(slugify(name)).toBe("mieszkanie-trzypokojowe-z-balkonem-ul-pulawska-120-m-45-abc");
    expect(listingFileName({ listingName: name, number: 1, roomType: "living-room", styleId: "modern" })).toBe("mieszkanie-trzypokojowe-z-balkonem-ul-pulawska-120-m-45-abc-01-living-room-modern.jpg");
  });
});
