import { describe, expect, it } from "vitest";
import { parseListQuery } from "./parse-list-query";

describe("parseListQuery", () => {
  it("reads the page and the tag, page 1 and no tag by default", () => {
    expect(parseListQuery({})).toEqual({ page: 1, tag: null });
    expect(parseListQuery({ page: "2" })).toEqual({ page: 2, tag: null });
    expect(parseListQuery({ tag: "lighting", page: "12" })).toEqual({ page: 12, tag: "lighting" });
    expect(parseListQuery({ tag: "real-estate", utm_source: "x" })).toEqual({ page: 1, tag: "real-estate" });
  });

  it.each(["0", "-1", "02", "+2", "2.0", "1e1", "", "abc", "9999999", " 2"])("refuses page=%j", (page) => {
    expect(parseListQuery({ page })).toBeNull();
  });

  it("refuses an unknown tag, a tag in another case, and repeated parameters", () => {
    for (const tag of ["kitchens", "Lighting", "", "constructor", "__proto__"]) expect(parseListQuery({ tag }), tag).toBeNull();
    expect(parseListQuery({ page: ["1", "2"] })).toBeNull();
    expect(parseListQuery({ tag: ["tips", "styles"] })).toBeNull();
  });
});
