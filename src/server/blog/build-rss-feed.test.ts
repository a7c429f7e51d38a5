// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { buildRssFeed, escapeXml, rssFeedPath } from "./build-rss-feed";
import { fixturePost } from "~/tests/support/blog-fixture";

const appUrl = "https://aranzer.example";

/** Parses as a feed reader would: strict XML, failing on any well-formedness error. */
function parse(xml: string): Document {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

const texts = (doc: Document, selector: string) => Array.from(doc.querySelectorAll(selector), (node) => node.textContent);

describe("buildRssFeed", () => {
  const posts = [
    fixturePost({ slug: ["starszy"], date: "2026-01-10", title: "Starszy" }),
    fixturePost({ slug: ["nieruchomosci", "nowszy"], date: "2026-03-05", title: "Nowszy", tags: ["real-estate", "tips"] }),
    fixturePost({ slug: ["szkic"], date: "2026-04-01", title: "Szkic", draft: true }),
  ];

  it("lists the published posts newest first, with absolute links, dates and categories", () => {
    const doc = parse(buildRssFeed({ posts, locale: "pl", appUrl, title: "Aranżer – blog", description: "Porady" }));
    expect(doc.documentElement.getAttribute("version")).toBe("2.0");
    expect(texts(doc, "channel > title")).toEqual(["Aranżer – blog"]);
    expect(texts(doc, "channel > link:not([rel])")).toEqual([`${appUrl}/blog`]);
    expect(texts(doc, "channel > language")).toEqual(["pl"]);
    expect(texts(doc, "channel > lastBuildDate")).toEqual(["Thu, 05 Mar 2026 00:00:00 GMT"]);
    expect(texts(doc, "item > title")).toEqual(["Nowszy", "Starszy"]);
    expect(texts(doc, "item > link")).toEqual([`${appUrl}/blog/nieruchomosci/nowszy`, `${appUrl}/blog/starszy`]);
    expect(texts(doc, "item > guid")).toEqual(texts(doc, "item > link"));
    expect(texts(doc, "item > pubDate")).toEqual(["Thu, 05 Mar 2026 00:00:00 GMT", "Sat, 10 Jan 2026 00:00:00 GMT"]);
    expect(texts(doc, "item:first-of-type > category")).toEqual(["Nieruchomości", "Porady"]);
  });

  it("links to itself with atom:link, in the feed's language", () => {
    const doc = parse(buildRssFeed({ posts: [fixturePost({ slug: ["light"], locale: "en" })], locale: "en", appUrl, title: "t", description: "d" }));
    const self = doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0];
    expect(self?.getAttribute("href")).toBe(`${appUrl}/en/blog/rss.xml`);
    expect(self?.getAttribute("rel")).toBe("self");
    expect(rssFeedPath("en")).toBe("/en/blog/rss.xml");
    expect(rssFeedPath("pl")).toBe("/blog/rss.xml");
    expect(texts(doc, "item > link")).toEqual([`${appUrl}/en/blog/light`]);
  });

  it("escapes markup and drops characters XML cannot hold, so the feed stays well-formed", () => {
    const title = `<script>alert("x")</script> & 'quotes' \u0007`;
    const xml = buildRssFeed({ posts: [fixturePost({ slug: ["a"], title, description: "]]> <b>" })], locale: "pl", appUrl: `${appUrl}/?a=1&b=2`, title: "A & B", description: "<d>" });
    const doc = parse(xml);
    expect(texts(doc, "item > title")).toEqual([`<script>alert("x")</script> & 'quotes' `]);
    expect(texts(doc, "item > description")).toEqual(["]]> <b>"]);
    expect(doc.querySelector("script")).toBeNull();
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });

  it("is a valid channel without items when nothing is published", () => {
    const doc = parse(buildRssFeed({ posts: [fixturePost({ slug: ["x"], draft: true })], locale: "pl", appUrl, title: "t", description: "d" }));
    expect(doc.querySelectorAll("item")).toHaveLength(0);
    expect(doc.querySelector("lastBuildDate")).toBeNull();
  });
});
