/**
 * The blog as readers, feed readers, crawlers and editors meet it: the list (covers, tags, pagination, a tag
 * filter) and posts in both languages at phone and desktop widths, the RSS feeds, the sitemap, the Open
 * Graph cards, drafts behind the editor preview, and axe in both colour modes.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { productionServerEnv } from "../../scripts/production-server-env";
import { expect, expectNoAxeViolations, expectNoAxeViolationsInBothModes, test } from "./support";

const nested = {
  pl: { path: "/blog/nieruchomosci/wirtualny-home-staging", list: "/blog" },
  en: { path: "/en/blog/real-estate/virtual-staging", list: "/en/blog" },
} as const;

const text = {
  pl: { tags: "Tagi", next: "Następna strona", previous: "Poprzednia strona", pages: "Strony listy wpisów", topics: "Tematy", related: "Przeczytaj też", lighting: "Oświetlenie", lightingHeading: "Wpisy z tagiem „Oświetlenie”" },
  en: { tags: "Tags", next: "Next page", previous: "Previous page", pages: "Pages of posts", topics: "Topics", related: "Read next", lighting: "Lighting", lightingHeading: "Posts tagged “Lighting”" },
} as const;

/** Published posts and drafts of a language, read from the files the server reads. */
function contentOf(locale: "pl" | "en") {
  const dir = path.join(import.meta.dirname, "../../content/blog", locale);
  const posts = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md"))
    .map((file) => {
      const source = readFileSync(path.join(dir, file), "utf8");
      const slug = /^slug:\s*"?([^"\n]+)"?$/m.exec(source)![1]!;
      return { path: `${locale === "en" ? "/en" : ""}/blog/${slug}`, draft: /^draft:\s*true$/m.test(source) };
    });
  return { published: posts.filter((post) => !post.draft).map((post) => post.path), drafts: posts.filter((post) => post.draft).map((post) => post.path) };
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Every <img> in main has loaded (so no cover is a broken link), and has its size in the markup. */
async function expectCoversLoaded(page: Page) {
  const images = page.locator("main img");
  expect(await images.count()).toBeGreaterThan(0);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

for (const locale of ["pl", "en"] as const) {
  const t = text[locale];
  const { published, drafts } = contentOf(locale);

  for (const width of [375, 1280]) {
    test.describe(`${locale} at ${width} px`, () => {
      test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

      test("the list pages through the posts: covers, tags, next and back", async ({ page }) => {
        await page.goto(nested[locale].list);
        const cards = page.locator("main article");
        await expect(cards).toHaveCount(6);
        // The first cover may be the largest paint; the others wait until scrolled near.
        await expect(cards.first().locator("img")).toHaveAttribute("fetchpriority", "high");
        await expect(cards.nth(3).locator("img")).toHaveAttribute("loading", "lazy");
        await expect(cards.first().getByRole("list", { name: t.tags }).getByRole("link").first()).toHaveAttribute("href", /\?tag=[a-z-]+$/);
        await expectNoHorizontalScroll(page);

        const pages = page.getByRole("navigation", { name: t.pages });
        await expect(pages.getByRole("link", { name: locale === "pl" ? "Strona 1" : "Page 1" })).toHaveAttribute("aria-current", "page");
        await pages.getByRole("link", { name: t.next }).click();
        await expect(page).toHaveURL(new RegExp(`${nested[locale].list}\\?page=2$`));
        await expect(cards).toHaveCount(published.length - 6);
        await expect(pages.getByRole("link", { name: locale === "pl" ? "Strona 2" : "Page 2" })).toHaveAttribute("aria-current", "page");
        await expect(pages.getByRole("link", { name: t.next })).toHaveCount(0);
        await expectCoversLoaded(page);

        await pages.getByRole("link", { name: t.previous }).click();
        await expect(page).toHaveURL(new RegExp(`${nested[locale].list}$`));
        await expect(cards).toHaveCount(6);
      });

      test("a post under a nested slug: cover first, tags, reading time, related posts", async ({ page }) => {
        const response = await page.goto(nested[locale].path);
        expect(response?.status()).toBe(200);
        const article = page.locator("main article").first();
        await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
        const cover = article.locator("img").first();
        await expect(cover).toHaveAttribute("fetchpriority", "high");
        await expect(cover).not.toHaveAttribute("alt", "");
        await expect(article.getByText(locale === "pl" ? /minut[ay]? czytania/ : /min read/)).toBeVisible();
        await expect(article.getByRole("list", { name: t.tags }).getByRole("link")).not.toHaveCount(0);
        const related = page.getByRole("region", { name: t.related });
        const relatedCount = await related.getByRole("article").count();
        expect(relatedCount).toBeGreaterThanOrEqual(2);
        expect(relatedCount).toBeLessThanOrEqual(3);
        await expectCoversLoaded(page);
        await expectNoHorizontalScroll(page);

        await related.getByRole("heading", { level: 3 }).getByRole("link").first().click();
        await expect(page).toHaveURL(new RegExp(`${nested[locale].list}/.+`));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    });
  }

  test(`${locale}: a tag filters the list, and a page or tag that does not exist answers 404`, async ({ page, request }) => {
    await page.goto(nested[locale].list);
    await page.getByRole("navigation", { name: t.topics }).getByRole("link", { name: t.lighting }).click();
    await expect(page).toHaveURL(new RegExp(`${nested[locale].list}\\?tag=lighting$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.lightingHeading);
    await expect(page.getByRole("navigation", { name: t.topics }).getByRole("link", { name: t.lighting })).toHaveAttribute("aria-current", "page");
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) await expect(card.getByRole("list", { name: t.tags }).getByRole("link", { name: t.lighting, exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${nested[locale].list}\\?tag=lighting$`));

    for (const query of ["?tag=kitchens", "?page=99", "?page=0", "?page=abc", "?page=1&page=2"]) {
      expect((await request.get(nested[locale].list + query)).status(), query).toBe(404);
    }
  });

  test(`${locale}: the RSS feed is valid XML listing the published posts with absolute links`, async ({ page, request, baseURL }) => {
    await page.goto(nested[locale].list);
    const feedLink = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    const feedHref = await feedLink.getAttribute("href");
    expect(feedHref).toBe(`${baseURL}${nested[locale].list}/rss.xml`);

    const response = await request.get(feedHref!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      const channel = doc.querySelector("rss > channel");
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        version: doc.documentElement.getAttribute("version"),
        self: doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]?.getAttribute("href"),
        title: channel?.querySelector(":scope > title")?.textContent,
        links: Array.from(doc.querySelectorAll("item"), (item) => item.querySelector("link")?.textContent ?? ""),
        dates: Array.from(doc.querySelectorAll("item > pubDate"), (date) => date.textContent ?? ""),
      };
    }, xml);
    expect(feed.errors).toBe(0);
    expect(feed.version).toBe("2.0");
    expect(feed.self).toBe(feedHref);
    expect(feed.title).toBeTruthy();
    expect(feed.links.map((link) => link.replace(baseURL!, "")).sort()).toEqual([...published].sort());
    for (const date of feed.dates) expect(Number.isNaN(Date.parse(date)), date).toBe(false);
    for (const link of feed.links) expect((await request.get(link)).status(), link).toBe(200);
  });

  test(`${locale}: a post tells link previews its title, card and image`, async ({ page, request, baseURL }) => {
    await page.goto(nested[locale].path);
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title!);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${nested[locale].path}`);
    const other = locale === "pl" ? "en" : "pl";
    await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute("href", `${baseURL}${nested[other].path}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toBe(`${baseURL}/api/og/${locale}${nested[locale].path.replace(/^\/en/, "")}`);
    const card = await request.get(image!);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/jpeg");
    // A JPEG starts with the SOI marker.
    expect((await card.body()).readUInt16BE(0)).toBe(0xffd8);
  });

  test(`${locale}: drafts answer 404 without the preview cookie, and an editor sees them marked and unindexed`, async ({ page, request }) => {
    expect(drafts.length).toBeGreaterThan(0);
    const draft = drafts[0]!;
    const token = productionServerEnv(0, "").PREVIEW_TOKEN;
    expect(token, "the e2e server needs PREVIEW_TOKEN (scripts/production-server-env.ts)").toBeTruthy();

    // page.request carries the browser's cookies, so these ask as the reader's browser does.
    for (const address of [draft, `${draft}?preview=1&staging=1`]) expect((await page.request.get(address)).status(), address).toBe(404);
    expect((await request.get(`/api/preview?token=not-the-token&to=${encodeURIComponent(draft)}`, { maxRedirects: 0 })).status()).toBe(403);
    const rss = await (await request.get(`${nested[locale].list}/rss.xml`)).text();
    expect(rss).not.toContain(draft);
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain(draft);

    await page.goto(`/api/preview?token=${encodeURIComponent(token!)}&to=${encodeURIComponent(draft)}`);
    await expect(page).toHaveURL(new RegExp(`${draft}\\?preview=1&staging=1$`));
    await expect(page.getByRole("status").filter({ hasText: locale === "pl" ? "Szkic" : "Draft" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `draft ${draft} in the preview`);

    // The cookie alone is not enough: the address must ask for the preview too.
    expect((await page.request.get(draft)).status()).toBe(404);

    await page.goto(`${nested[locale].list}?preview=1&staging=1`);
    await expect(page.getByRole("status")).toBeVisible();
    await page.getByRole("link", { name: locale === "pl" ? "Zakończ podgląd" : "Leave preview" }).click();
    await expect(page).toHaveURL(new RegExp(`${nested[locale].list}$`));
    expect((await page.request.get(`${draft}?preview=1&staging=1`)).status()).toBe(404);
  });
}

test("the sitemap lists every published post with its translation as an alternate", async ({ request, baseURL }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const locale of ["pl", "en"] as const) {
    for (const post of contentOf(locale).published) expect(xml, post).toContain(`<loc>${baseURL}${post}</loc>`);
  }
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${baseURL}${nested.en.path}" />`);
  expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="pl" href="${baseURL}${nested.pl.path}" />`);
});

test.describe("axe in light and dark mode", () => {
  for (const address of ["/blog", "/en/blog?page=2", "/blog?tag=lighting", nested.pl.path, nested.en.path]) {
    test(address, async ({ page }) => {
      await page.goto(address);
      await expectNoAxeViolationsInBothModes(page, address);
    });
  }
});
