/** The minimum that must work before anything else: health with the database, and both languages render. */
import { expect, test } from "./support";

test.describe("smoke", () => {
  test("/api/health returns 200 JSON with database.ok", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    const body = (await response.json()) as { database?: { ok?: unknown } };
    expect(body.database?.ok).toBe(true);
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
