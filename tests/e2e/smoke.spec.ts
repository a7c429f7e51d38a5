/** The minimum that must work before anything else: health with the database, and both languages render. */
import { expect, test } from "./support";

test.describe("smoke", () => {
  test("/api/health returns 200 JSON with database.ok; other API addresses and methods answer JSON", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { database?: { ok?: unknown } };
    expect(body.database?.ok).toBe(true);
    // /api itself and an address under it that no route serves answer JSON too, not the site's page; a
    // method a route does not serve is a JSON 405 that says which it does.
    for (const path of ["/api", "/api/no/such/thing"]) {
      const unknown = await request.get(path);
      expect([unknown.status(), ((await unknown.json()) as { error: { code: string } }).error.code]).toEqual([404, "NOT_FOUND"]);
    }
    const wrongMethod = await request.delete("/api/health", { headers: { origin: new URL(response.url()).origin } });
    expect([wrongMethod.status(), wrongMethod.headers()["allow"]]).toEqual([405, "GET, HEAD, OPTIONS"]);
  });

  for (const [path, lang] of [
    ["/", "pl"],
    ["/en", "en"],
  ] as const) {
    test(`${path} is served with <html lang="${lang}">`, async ({ request, page }) => {
      // The server-rendered HTML carries the language (not only after hydration).
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(await response.text()).toMatch(new RegExp(`<html[^>]*\\slang="${lang}"`));

      const navigation = await page.goto(path);
      expect(navigation?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    });
  }
});
