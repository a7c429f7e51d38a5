import { describe, expect, it } from "vitest";
import { blogPostPath, matchPath, pathFor, routes, type StaticRouteKey } from "./routes";

describe("route table", () => {
  it("keeps every published Polish path", () => {
    const polish = Object.values(routes).map((r) => r.pl);
    for (const path of ["/", "/login", "/cennik", "/design", "/oferta", "/confirm", "/settings", "/settings/profile", "/settings/subscriptions", "/generator", "/regulamin", "/blog", "/generations", "/polityka-prywatnosci", "/obowiazek-informacyjny", "/payment-success", "/subscription-success", "/subskrypcje-testowe"]) {
      expect(polish).toContain(path);
    }
  });

  it("puts English under /en, except the legal paths the table lists at the root", () => {
    expect(pathFor("/pricing", "en")).toBe("/en/pricing");
    expect(pathFor("/", "en")).toBe("/en");
    expect(pathFor("/privacy", "en")).toBe("/privacy-policy");
    expect(pathFor("/terms", "en")).toBe("/terms-of-service");
    expect(pathFor("/information-obligation", "en")).toBe("/information-obligation");
    expect(pathFor("/privacy", "pl")).toBe("/polityka-prywatnosci");
  });

  it("maps every public path back to its route and language", () => {
    for (const key of Object.keys(routes).filter((k) => !k.includes("[")) as StaticRouteKey[]) {
      for (const locale of ["pl", "en"] as const) {
        expect(matchPath(pathFor(key, locale))).toEqual({ key, locale });
      }
    }
    expect(matchPath("/blog/poradniki/oswietlenie")).toEqual({ key: "/blog/[...slug]", locale: "pl", params: { slug: ["poradniki", "oswietlenie"] } });
    expect(matchPath("/en/privacy-policy")).toEqual({ key: "/privacy", locale: "en" });
    expect(matchPath("/cennik/")).toEqual({ key: "/pricing", locale: "pl" });
    expect(matchPath("/nope")).toBeNull();
    expect(matchPath("/blog/%E0%A4%A")).toBeNull();
    expect(matchPath("/en/cennik")).toBeNull();
  });

  it("builds blog post paths with escaped segments", () => {
    expect(blogPostPath(["a b", "c"], "en")).toBe("/en/blog/a%20b/c");
  });
});
