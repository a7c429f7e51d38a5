/**
 * A server without APP_URL, opened as http://127.0.0.1:<port>: the e-mail link, the sandbox checkout and its
 * return all stay on that origin, so the buyer ends on the success page signed in. (Without APP_URL the
 * server's default address is http://localhost:<port>, another origin, whose cookies this browser lacks.)
 */
import { startExtraServer, type ExtraServer } from "./extra-server";
import { confirmFromOutbox, expect, register, test, uniqueEmail } from "./support";

test.describe("a server without APP_URL, opened at 127.0.0.1", () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    // Empty means unset; no PAYMENT_PROVIDER either: on a local address the sandbox is the default.
    server = await startExtraServer({ APP_URL: "", PAYMENT_PROVIDER: "" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the sandbox purchase ends on the success page, signed in, on the origin it was opened at", async ({ page }) => {
    test.setTimeout(120_000);
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const email = uniqueEmail("origin");
    await register(page, email, undefined, "pl", server.baseURL);
    const mail = await confirmFromOutbox(page, email, { dataDir: server.dataDir });
    expect(mail.links.find((link) => link.includes("/api/auth/verify-email"))).toMatch(new RegExp(`^${server.baseURL}/`));
    await expect(page).toHaveURL(`${server.baseURL}/design`);
    await page.getByRole("dialog").getByRole("button", { name: "Zamknij" }).first().click();

    await page.goto(`${server.baseURL}/zamowienie?product=pro`);
    await page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ }).check();
    await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
    await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/subskrypcje-testowe\\?session_id=`));
    await page.getByRole("button", { name: "Zapłać (test)" }).click();

    await expect(page).toHaveURL(new RegExp(`^${server.baseURL}/subscription-success\\?session_id=sbx_cs_`));
    await expect(page.getByText("Subskrypcja Pro została aktywowana")).toBeVisible();
    await expect(page.getByText("Saldo: 503 tokeny.")).toBeVisible();
    await expect(page.getByRole("banner").getByLabel("Aktywna subskrypcja")).toBeVisible();
  });
});
