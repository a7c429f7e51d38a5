/**
 * Cookie consent and Tag Manager: a server with a container configured (GTM_ID) runs beside the shared one,
 * which has none. Every request to a Google host is recorded and answered locally; gtm.js is a tiny script
 * that marks that it ran and sets an Analytics cookie, as a real container would.
 */
import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, expectNoAxeViolationsInBothModes, registerAndConfirm, test, uniqueEmail } from "./support";

const GTM_ID = "GTM-TEST123";
const GTM_URL = `https://www.googletagmanager.com/gtm.js?id=${GTM_ID}&l=dataLayer`;
const isGoogle = (url: URL) => /(^|\.)(google[a-z-]*|gstatic|doubleclick)\.[a-z.]+$/.test(url.hostname);

/** Every request to a Google host from now on; none reaches the network. */
async function recordGoogle(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(isGoogle, (route) => {
    requests.push(route.request().url());
    return route.request().url().startsWith("https://www.googletagmanager.com/gtm.js")
      ? route.fulfill({
          contentType: "text/javascript",
          body: 'window.fakeContainerRuns = (window.fakeContainerRuns || 0) + 1; document.cookie = "_ga=GA1.1.42.42; path=/; max-age=3600";',
        })
      : route.fulfill({ status: 204 });
  });
  return requests;
}

/** The data layer with gtag's arguments objects as arrays. */
function dataLayer(page: Page) {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );
}

/** After a reload the page did itself: wait until React has taken over, as the fixture does for goto. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber")));
}

const banner = (page: Page, name = "Pliki cookies") => page.getByRole("region", { name });
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "aranzer.consent");

test.describe("with a Tag Manager container", () => {
  // One extra server for this group: its tests run in order on one worker instead of each worker starting its own.
  test.describe.configure({ mode: "default" });
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startExtraServer({ GTM_ID });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("nothing goes to Google before consent; accepting loads the container, and the choice lasts", async ({ page, context }) => {
    const google = await recordGoogle(context);
    const response = await page.goto(`${server.baseURL}/`);
    expect(response?.headers()["content-security-policy"]).toContain("https://*.googletagmanager.com");
    await expect(banner(page)).toBeVisible();
    expect(await dataLayer(page)).toEqual([
      ["consent", "default", { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied", wait_for_update: 500 }],
    ]);
    // The privacy policy is one click away, and reading it answers nothing.
    await banner(page).getByRole("link", { name: "Polityka prywatności i cookies" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Polityka prywatności i plików cookies" })).toBeVisible();
    await expect(banner(page)).toBeVisible();
    expect(google).toEqual([]);

    await banner(page).getByRole("button", { name: "Akceptuj wszystkie" }).click();
    await expect(banner(page)).toBeHidden();
    // Focus goes on with the page's content, not back to the top of the document.
    await expect(page.locator("main#main")).toBeFocused();
    await expect.poll(() => google).toEqual([GTM_URL]);
    await expect.poll(() => page.evaluate(() => (window as unknown as { fakeContainerRuns?: number }).fakeContainerRuns)).toBe(1);
    expect(await dataLayer(page)).toContainEqual(["consent", "update", expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied" })]);

    const cookie = await consentCookie(context);
    expect(cookie).toMatchObject({ value: expect.stringMatching(/^1\.analytics\.\d{4}-\d{2}-\d{2}$/), httpOnly: true, sameSite: "Lax", path: "/" });
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(181);
    expect(days).toBeLessThan(183);

    // A later visit starts granted before anything else reaches the data layer, and loads the container again.
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => google).toEqual([GTM_URL, GTM_URL]);
    expect((await dataLayer(page)).slice(0, 2)).toEqual([
      ["consent", "default", expect.objectContaining({ analytics_storage: "denied" })],
      ["consent", "update", expect.objectContaining({ analytics_storage: "granted" })],
    ]);
  });

  test("rejecting sends nothing, also later; the footer reopens the settings, where consent is given and withdrawn", async ({ page, context }) => {
    const google = await recordGoogle(context);
    await page.goto(`${server.baseURL}/en`);
    await banner(page, "Cookies").getByRole("button", { name: "Reject all" }).click();
    await expect(banner(page, "Cookies")).toBeHidden();
    expect((await consentCookie(context))?.value).toMatch(/^1\.none\./);

    await page.reload();
    await expect(banner(page, "Cookies")).toBeHidden();
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("button", { name: "Cookie settings" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie settings" });
    const analytics = dialog.getByRole("checkbox", { name: "Analytics" });
    await expect(analytics).not.toBeChecked();
    expect(google).toEqual([]);

    await analytics.check();
    await dialog.getByRole("button", { name: "Save choice" }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => google).toEqual([GTM_URL]);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "_ga")).toBe(true);

    // Withdrawing is the same two presses as consenting: the Analytics cookie goes and the page reloads without the container.
    await footer.getByRole("button", { name: "Cookie settings" }).click();
    await expect(analytics).toBeChecked();
    const reloaded = page.waitForEvent("load");
    await dialog.getByRole("button", { name: "Reject all" }).click();
    await reloaded;
    await waitForHydration(page);
    expect((await consentCookie(context))?.value).toMatch(/^1\.none\./);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("_ga");
    await footer.getByRole("button", { name: "Cookie settings" }).click();
    await expect(analytics).not.toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { fakeContainerRuns?: number }).fakeContainerRuns)).toBeUndefined();
    expect(google).toEqual([GTM_URL]);
  });

  test("the sign-up event lands in the same data layer, and stays on the page without consent", async ({ page, context }) => {
    const google = await recordGoogle(context);
    await page.goto(`${server.baseURL}/login`);
    await banner(page).getByRole("button", { name: "Odrzuć wszystkie" }).click();
    await expect(banner(page)).toBeHidden();
    await registerAndConfirm(page, uniqueEmail("consent"), { baseURL: server.baseURL, dataDir: server.dataDir });
    const layer = await dataLayer(page);
    expect(layer[0]).toEqual(["consent", "default", expect.objectContaining({ analytics_storage: "denied" })]);
    expect(layer).toContainEqual(expect.objectContaining({ event: "sign_up", method: "email" }));
    expect(google).toEqual([]);
  });

  test("at 375 px the banner asks in both languages and never covers the focused element", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${server.baseURL}/cennik`);
    const region = banner(page);
    for (const name of ["Akceptuj wszystkie", "Odrzuć wszystkie", "Ustawienia"]) await expect(region.getByRole("button", { name })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Accept and reject weigh the same: one size, one look.
    const look = (name: string) =>
      region.getByRole("button", { name }).evaluate((button) => {
        const style = getComputedStyle(button);
        const box = button.getBoundingClientRect();
        return { width: Math.round(box.width), height: Math.round(box.height), background: style.backgroundColor, color: style.color, weight: style.fontWeight };
      });
    expect(await look("Odrzuć wszystkie")).toEqual(await look("Akceptuj wszystkie"));

    // Tab through the whole page (the banner comes first, after the skip link): no focused element is hidden behind it.
    const focused: string[] = [];
    for (let step = 0; step < 150; step++) {
      await page.keyboard.press("Tab");
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body || element.dataset.e2eFocused) return null;
        element.dataset.e2eFocused = "";
        const banner = document.querySelector('section[aria-labelledby="consent-banner-title"]')!;
        const name = `<${element.tagName.toLowerCase()}> ${element.getAttribute("href") ?? ""} ${element.textContent?.trim().slice(0, 40)}`;
        return { name, inBanner: banner.contains(element), bottom: element.getBoundingClientRect().bottom, bannerTop: banner.getBoundingClientRect().top };
      });
      if (!focus) break;
      focused.push(focus.name);
      if (!focus.inBanner) expect(focus.bottom, focus.name).toBeLessThanOrEqual(focus.bannerTop + 0.5);
    }
    // Got as far as the footer.
    expect(focused.some((name) => name.includes("mailto:"))).toBe(true);

    await page.goto(`${server.baseURL}/en/pricing`);
    for (const name of ["Accept all", "Reject all", "Settings"]) await expect(banner(page, "Cookies").getByRole("button", { name })).toBeInViewport();
  });

  test("axe finds nothing with the banner and the settings open, in light and dark mode", async ({ page }) => {
    await page.goto(`${server.baseURL}/`);
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolationsInBothModes(page, "/ with the cookie banner");
    await banner(page).getByRole("button", { name: "Ustawienia" }).click();
    const dialog = page.getByRole("dialog", { name: "Ustawienia cookies" });
    await expect(dialog.getByRole("checkbox", { name: "Analityczne" })).not.toBeChecked();
    await expectNoAxeViolationsInBothModes(page, "/ with the cookie settings");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(banner(page).getByRole("button", { name: "Ustawienia" })).toBeFocused();
  });

  test("a client link's page loads no container even with analytics accepted, and its address loses the token", async ({ page, context }) => {
    test.setTimeout(120_000);
    const base = server.baseURL;
    const api = async <T>(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const response = await page.request.fetch(`${base}${url}`, { method, headers: { origin: base, ...headers }, ...(data === undefined ? {} : { data }) });
      expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    };
    // An agent's listing with one chosen result and a client link, made through the API.
    await api("POST", "/api/test/sign-in", { email: uniqueEmail("gtm-agent"), password: "tajne-haslo-e2e-1", tokens: 5 });
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b8a890" } }).jpeg().toBuffer();
    const { image } = await api<{ image: { id: string } }>("POST", "/api/images", jpeg, { "content-type": "image/jpeg" });
    const { listing } = await api<{ listing: { id: string } }>("POST", "/api/listings", { name: "Złota 44/12" });
    await api("POST", `/api/listings/${listing.id}/photos`, { sources: [{ type: "image", imageId: image.id }] });
    await api("POST", `/api/listings/${listing.id}/generate`, { styles: ["modern"], variations: 1, requestId: crypto.randomUUID() });
    type View = { listing: { photos: { id: string; results: { visualizationId: string; status: string }[] }[] } };
    let photo: View["listing"]["photos"][number] | undefined;
    await expect.poll(async () => {
      photo = (await api<View>("GET", `/api/listings/${listing.id}`)).listing.photos[0];
      return photo?.results[0]?.status;
    }, { timeout: 60_000 }).toBe("succeeded");
    await api("PUT", `/api/listings/${listing.id}/photos/${photo!.id}/choice`, { visualizationId: photo!.results[0]!.visualizationId });
    const { token } = await api<{ token: string }>("POST", `/api/listings/${listing.id}/shares`);

    // A client who accepted analytics on this site before: the container runs on the home page…
    const google = await recordGoogle(context);
    await context.addCookies([{ name: "aranzer.consent", value: `1.analytics.${new Date().toISOString().slice(0, 10)}`, url: base }]);
    const client = await context.newPage();
    const opened = await client.goto(`${base}/p/${token}`);
    expect(opened?.headers()["content-security-policy"]).not.toMatch(/google/);
    // …but not on the link's page, whose address is the link's id, not its token.
    await expect(client.getByTestId("shared-item")).toHaveCount(1);
    expect(client.url()).not.toContain(token);
    expect(await client.evaluate(() => location.href + document.referrer + history.length)).not.toContain(token);
    await expect(banner(client)).toHaveCount(0);
    expect(await client.evaluate(() => "dataLayer" in window)).toBe(false);
    await client.goto(`${base}/`);
    await expect.poll(() => google).toEqual([GTM_URL]);
  });

  test.describe("before the page's scripts run", () => {
    test.use({ javaScriptEnabled: false });

    test("a press on the banner still stores the choice", async ({ page, context }) => {
      const google = await recordGoogle(context);
      await page.goto(`${server.baseURL}/oferta?od=baner`);
      await banner(page).getByRole("button", { name: "Odrzuć wszystkie" }).click();
      await expect(page).toHaveURL(`${server.baseURL}/oferta?od=baner`);
      await expect(banner(page)).toBeHidden();
      expect((await consentCookie(context))?.value).toMatch(/^1\.none\./);
      expect(google).toEqual([]);
    });
  });
});

test("without a container there is nothing to consent to: no banner, no settings, no tag code", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).not.toMatch(/google/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("button", { name: "Ustawienia cookies" })).toHaveCount(0);
  expect(await page.evaluate(() => "dataLayer" in window || "gtag" in window)).toBe(false);
});
