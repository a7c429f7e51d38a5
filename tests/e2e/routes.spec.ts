/** Every route of the table in both languages, the guard, hreflang, the language switch, 404s and security headers. */
import { expect, routeTable, test } from "./support";

const table = routeTable();

test.describe("route table", () => {
  for (const row of table) {
    for (const locale of ["pl", "en"] as const) {
      const path = row.paths[locale];
      // Public pages: accessibility.spec.ts and accessibility-reading.spec.ts open each of them (status, language, heading, hreflang and axe).
      if (row.access !== "public") {
        // The redirect itself, without a browser page: the sign-in journeys (accounts.spec.ts) follow it.
        test(`${path} (${locale}) sends a visitor to the login page`, async ({ request }) => {
          const response = await request.get(path, { maxRedirects: 0 });
          expect(response.status(), path).toBe(307);
          expect(new URL(response.headers().location ?? "", "http://x").pathname).toBe(locale === "pl" ? "/login" : "/en/login");
          const returnTo = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("aranzer.return-to="));
          expect(returnTo?.value.split(";")[0]).toBe(`aranzer.return-to=${encodeURIComponent(path)}`);
        });
      }
    }
  }

  test("the language switch keeps the reader on the same page and is remembered", async ({ page }) => {
    await page.goto("/cennik");
    await page.getByRole("link", { name: "Switch to English" }).click();
    await expect(page).toHaveURL(/\/en\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page).toHaveURL(/\/en$/);
    await page.getByRole("link", { name: "Przełącz na polski" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  });

  test("the English legal pages are served at the root paths of the table", async ({ page }) => {
    for (const path of ["/privacy-policy", "/terms-of-service", "/information-obligation"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    }
    await page.goto("/en/privacy-policy");
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test("a blog post opens from the list and its language switch goes to the translation", async ({ page }) => {
    await page.goto("/blog");
    const first = page.locator("main h2 a").first();
    const title = await first.textContent();
    await first.click();
    await expect(page.locator("main h1")).toHaveText(title ?? "");
    await page.getByRole("link", { name: "Switch to English" }).click();
    await expect(page).toHaveURL(/\/en\/blog\/.+/);
    await expect(page.locator("main h1")).toBeVisible();
  });
});

test.describe("not found", () => {
  test("an unknown path answers 404 with the translated error page and a way home", async ({ page }) => {
    const response = await page.goto("/nie-ma-takiego-pokoju");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Ups! Nie znaleziono pokoju!" })).toBeVisible();
    await expect(page.getByText("Nie znaleziono strony: /nie-ma-takiego-pokoju")).toBeVisible();
    await page.getByRole("link", { name: "Wróć na stronę główną" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("in English too", async ({ page }) => {
    const response = await page.goto("/en/no-such-room");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Room not found!" })).toBeVisible();
    await expect(page.getByText("Page not found: /en/no-such-room")).toBeVisible();
  });

  test("an unknown blog post is a 404", async ({ request }) => {
    expect((await request.get("/blog/nie-ma-takiego-wpisu")).status()).toBe(404);
  });

  test("crawlers get a plain 404 without the error page", async ({ request }) => {
    const response = await request.get("/nie-ma", { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } });
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe("Page not found: /nie-ma");
  });
});

test.describe("security headers", () => {
  test("shared pages come from the cache with a hash CSP, others with a nonce; the usual headers; scripts run under both", async ({ page, request }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["x-page-cache"]).toMatch(/^(hit|stale)$/);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(headers["content-security-policy"]).not.toMatch(/nonce|strict-dynamic/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Hydrated under the hash policy: the client router takes the click.
    await page.getByRole("link", { name: "Blog" }).first().click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(errors.filter((e) => e.includes("Content Security Policy"))).toEqual([]);

    // A visitor with a cookie the cache does not know (an account's session, say) gets a render of their own.
    const own = await request.get("/", { headers: { cookie: "some-session=1" } });
    expect(own.headers()["x-page-cache"]).toBeUndefined();
    expect(own.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(own.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("the page's scripts and stylesheet arrive Brotli-compressed, with the same headers", async ({ page }) => {
    const assets: { url: string; headers: Record<string, string> }[] = [];
    page.on("response", (response) => {
      if (/\/_next\/static\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push({ url: response.url(), headers: response.headers() });
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(assets.length).toBeGreaterThan(3);
    for (const { url, headers } of assets) {
      expect(headers["content-encoding"], url).toBe("br");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["cache-control"], url).toContain("immutable");
    }
  });

  test("links in view are not prefetched (router requests render per request, past the page cache)", async ({ page }) => {
    const prefetches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).searchParams.has("_rsc")) prefetches.push(request.url());
    });
    await page.goto("/blog");
    await page.waitForLoadState("load");
    // Next schedules the prefetch of links in view when the page is idle: wait for idleness, then for
    // the network to be quiet, so that a prefetch would have been sent.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    await page.waitForLoadState("networkidle");
    expect(prefetches).toEqual([]);
    await page.getByRole("link", { name: "Oferta" }).first().click();
    await expect(page).toHaveURL(/\/oferta$/);
  });

  test("a state change from another origin is refused", async ({ request }) => {
    const response = await request.post("/api/auth/sign-in/email", {
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      data: { email: "a@b.pl", password: "whatever" },
    });
    expect(response.status()).toBe(403);
  });
});
