/** Header, footer, mobile menu and colour modes as a visitor sees them. */
import sharp from "sharp";
import { expect, routeTable, setColorMode, signIn, test } from "./support";

test.describe("layout", () => {
  test("the header and footer of a visitor", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header").first();
    await expect(header.getByRole("link", { name: "Aranżer – strona główna" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Oferta" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Zaloguj się / Zarejestruj" })).toBeVisible();
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Regulamin" })).toHaveAttribute("href", "/regulamin");
    await expect(footer.getByRole("link", { name: "Polityka prywatności" })).toHaveAttribute("href", "/polityka-prywatnosci");
    await expect(footer.getByRole("link", { name: "Obowiązek informacyjny (RODO)" })).toHaveAttribute("href", "/obowiazek-informacyjny");
    await expect(footer.getByRole("link", { name: "Instagram" })).toBeVisible();
    await expect(footer.getByText(/Kontakt: .+@.+/)).toBeVisible();
    await expect(footer.getByText(/© \d{4} Aranżer/)).toBeVisible();
  });

  test("a page hydrates under its policy without errors, and its document is compressed", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(String(error)));
    await page.goto("/cennik"); // the fixture waits for hydration
    expect(problems).toEqual([]);

    const response = await page.request.get("/cennik", { headers: { "accept-encoding": "br" } });
    expect(response.headers()["content-encoding"]).toBe("br");
    const html = await response.text();
    // Next's own script tags as Next writes them, with the nonce of
    // the render the cache kept.
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="" nonce="[^"]+"><\/script>/);
  });

  test("a Polish page fetches one font file, uses it and keeps it cached", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
    });
    await page.goto("/cennik");
    await page.evaluate(() => document.fonts.ready);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', "")),
    );
    expect(loaded).toContain("Inter Variable");
    expect(loaded).not.toContain("Inter Latin Extended");
    expect(await page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"?Inter Variable"?,/);
    expect(fonts).toEqual(["/fonts/inter-pl-wght.woff2"]);
    const font = await page.request.get("/fonts/inter-pl-wght.woff2");
    expect(font.headers()["cache-control"]).toBe("public, max-age=604800, stale-while-revalidate=2592000");
  });

  test("at 375 px a hamburger opens a full-screen menu with the same entries and social links", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.locator("header").getByRole("link", { name: "Oferta" })).toBeHidden();
    await page.getByRole("button", { name: "Otwórz menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);
    for (const name of ["Blog", "Oferta", "Zaloguj się / Zarejestruj", "Instagram", "Facebook", "LinkedIn"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Oferta" }).click();
    await expect(page).toHaveURL(/\/oferta$/);
    await expect(menu).toBeHidden();
  });

  test("at 375 px no page of the route table scrolls sideways, signed in", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, { open: false });
    const wide: string[] = [];
    for (const row of routeTable()) {
      await page.goto(row.paths.pl);
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      if (width > 375) wide.push(`${row.paths.pl}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });

  test("at 375 px a listing with its photo, results and download does not scroll sideways", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, { open: false, tokens: 5 });
    const api = async <T>(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> => {
      const response = await page.request.fetch(`${baseURL}${url}`, { method, headers: { origin: baseURL!, ...headers }, ...(data === undefined ? {} : { data }) });
      expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    };
    // A listing with a long name, one photo and its chosen result: every section of the page is shown, the download's portal choice among them.
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#b8a890" } }).jpeg().toBuffer();
    const { image } = await api<{ image: { id: string } }>("POST", "/api/images", jpeg, { "content-type": "image/jpeg" });
    const { listing } = await api<{ listing: { id: string } }>("POST", "/api/listings", { name: "Mieszkanie trzypokojowe przy ulicy Konstantego Ildefonsa Gałczyńskiego 144/12" });
    await api("POST", `/api/listings/${listing.id}/photos`, { sources: [{ type: "image", imageId: image.id }] });
    await api("POST", `/api/listings/${listing.id}/generate`, { styles: ["modern"], variations: 1, requestId: crypto.randomUUID() });
    type View = { listing: { photos: { id: string; results: { visualizationId: string; status: string }[] }[] } };
    let photo: View["listing"]["photos"][number] | undefined;
    await expect
      .poll(async () => {
        photo = (await api<View>("GET", `/api/listings/${listing.id}`)).listing.photos[0];
        return photo?.results[0]?.status;
      }, { timeout: 60_000 })
      .toBe("succeeded");
    await api("PUT", `/api/listings/${listing.id}/photos/${photo!.id}/choice`, { visualizationId: photo!.results[0]!.visualizationId });

    await page.goto(`/listings?id=${listing.id}`);
    await expect(page.getByLabel("Dokąd trafią zdjęcia?")).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("at 641 px the links are in the header and there is no hamburger", async ({ page }) => {
    await page.setViewportSize({ width: 641, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Otwórz menu" })).toBeHidden();
    await expect(page.locator("header").getByRole("link", { name: "Oferta" })).toBeVisible();
  });

  test("dark mode applies before the first paint and survives reloads", async ({ page }) => {
    await setColorMode(page, "dark");
    await page.goto("/");
    // The inline head script has run by the time any script of ours can look.
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
  });

  test("the colour mode control changes and remembers the preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/dark/);
    // The visible part of each choice is its label (the radio itself is visually hidden), as for a user.
    await page.locator("header").getByTitle("Ciemny").click();
    await expect(html).toHaveClass(/dark/);
    await expect(page.locator("header").getByRole("radio", { name: "Ciemny" })).toBeChecked();
    await page.locator("header").getByRole("radio", { name: "Ciemny" }).press("ArrowRight");
    await expect(page.locator("header").getByRole("radio", { name: "Systemowy" })).toBeChecked();
    await expect(html).not.toHaveClass(/dark/);
    await page.locator("header").getByRole("radio", { name: "Systemowy" }).press("ArrowLeft");
    expect(await page.evaluate(() => localStorage.getItem("aranzer-color-mode"))).toBe("dark");
    await page.reload();
    await expect(html).toHaveClass(/dark/);
  });
});
