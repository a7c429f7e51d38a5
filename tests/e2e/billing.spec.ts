/**
 * Paying through the sandbox in the real UI: buy Pro (order page with the consumer-law consent, the test
 * checkout, the success page that verifies), reload it, cancel, resume, renew, fail a renewal and let the
 * period end, buy a pack; then a plan in English. The same domain code passes the Stripe contract tests
 * (src/server/payments/stripe-provider.test.ts).
 */
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signIn, test } from "./support";

const crown = (page: Page, name: string) => page.getByRole("banner").getByLabel(name);
const status = (page: Page) => page.getByTestId("subscription-status");

test.describe("billing", () => {
  test("buy Pro, reload, cancel, resume, renew, fail a renewal and expire, buy a pack; then Mini in English", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page);

    await page.goto("/cennik");
    await page.getByRole("link", { name: "Kup pakiet Pro" }).click();
    await expect(page).toHaveURL(/\/zamowienie\?product=pro$/);
    await expect(page.getByText("84,99 zł miesięcznie", { exact: true })).toBeVisible();
    await expect(page.getByText("84,99 zł", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Regulamin" })).toHaveAttribute("href", "/regulamin");
    const consent = page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ });
    await expect(consent).not.toBeChecked();
    await expectNoAxeViolations(page, "order page");
    await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
    await expect(page.locator("#order-error")).toHaveText("Zaznacz zgodę na rozpoczęcie usługi, aby złożyć zamówienie.");
    await expect(consent).toBeFocused();
    await expect(consent).toHaveAccessibleDescription("Zaznacz zgodę na rozpoczęcie usługi, aby złożyć zamówienie.");
    await consent.check();
    await page.getByRole("button", { name: "Zamawiam i płacę" }).click();

    await expect(page).toHaveURL(/\/subskrypcje-testowe\?session_id=/);
    await expect(page.getByRole("note")).toHaveText("Środowisko testowe: żadne pieniądze nie są pobierane ani przesyłane.");
    await expect(page.getByText(/^Testowa kasa: zapłać lub odrzuć zamówienie subskrypcji\. Potem możesz tu odnowić jej okres/)).toBeVisible();
    await page.getByRole("button", { name: "Zapłać (test)" }).click();

    await expect(page).toHaveURL(/\/subscription-success\?session_id=sbx_cs_/);
    await expect(page.getByText("Subskrypcja Pro została aktywowana")).toBeVisible();
    await expect(page.getByText("Dodaliśmy 500 tokenów.")).toBeVisible();
    await expect(page.getByText("Saldo: 503 tokeny.")).toBeVisible();
    await expect(crown(page, "Aktywna subskrypcja")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Dodaliśmy 500 tokenów.")).toBeVisible();
    await expect(page.getByText("Saldo: 503 tokeny.")).toBeVisible();

    // The pricing page knows: no second subscription, a change of plan instead.
    await page.goto("/cennik");
    await expect(page.getByText(/Masz już aktywną subskrypcję Pro/)).toBeVisible();
    await expect(page.getByText("Twój pakiet", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Zmień na Mini" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Zmień pakiet" }).click();
    await expect(page.getByText(/^Od \d\d\.\d\d\.\d{4}$/)).toBeVisible();
    await expect(page.getByText(/^Twój pakiet do /)).toBeVisible();
    // Taken back: the renewal stays on Pro.
    await page.getByRole("button", { name: "Zostań przy Pro" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Zostań przy pakiecie" }).click();
    await expect(page.getByText("Twój pakiet", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Zmień na Mini" })).toBeVisible();

    await page.goto("/settings/subscriptions");
    await expect(status(page)).toHaveText(/^Aktywna do \d\d\.\d\d\.\d{4}$/);
    await expectNoAxeViolations(page, "subscriptions settings");
    await page.getByRole("button", { name: "Anuluj subskrypcję" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Tak, anuluj" }).click();
    await expect(status(page)).toHaveText(/^Anulowana – wygasa \d\d\.\d\d\.\d{4}$/);
    await expect(crown(page, "Aktywna subskrypcja")).toBeVisible();
    await page.getByRole("button", { name: "Wznów subskrypcję" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Tak, wznów" }).click();
    await expect(status(page)).toHaveText(/^Aktywna do/);

    await page.goto("/subskrypcje-testowe");
    await page.getByRole("button", { name: "Odnów okres (płatność udana)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Okres odnowiony" })).toBeVisible();
    await page.goto("/settings/subscriptions");
    await expect(page.getByText("1003 tokeny")).toBeVisible();
    const renewedUntil = await status(page).textContent();

    await page.goto("/subskrypcje-testowe");
    await page.getByRole("button", { name: "Odnowienie nieudane" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Odnowienie nieudane:" })).toBeVisible();
    await page.goto("/settings/subscriptions");
    await expect(status(page)).toHaveText(renewedUntil!); // a failed renewal does not extend the period
    await expect(page.getByText(/Nie udało się pobrać opłaty za kolejny okres/)).toBeVisible();
    await page.goto("/subskrypcje-testowe");
    await page.getByRole("button", { name: "Przeskocz na koniec okresu" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Koniec okresu" })).toBeVisible();
    await page.goto("/settings/subscriptions");
    await expect(status(page)).toHaveText(/^Anulowana – wygasa/);
    await expect(page.getByText("1003 tokeny")).toBeVisible();
    await expect(crown(page, "Aktywna subskrypcja")).toBeHidden();
    await expect(page.getByRole("table")).toContainText("Odnowienie Pro");
    await expect(page.getByRole("table")).toContainText("Nieudana");

    await page.goto("/cennik");
    await page.getByRole("link", { name: "Kup Pakiet 10 tokenów" }).click();
    await page.getByRole("checkbox", { name: /Żądam rozpoczęcia/ }).check();
    await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
    // A pack is paid once: the test checkout says nothing of renewals and shows no subscriptions.
    await expect(page.getByText("Testowa kasa: zapłać lub odrzuć zamówienie. To płatność jednorazowa: nic się nie odnawia.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Testowe subskrypcje" })).toHaveCount(0);
    await page.getByRole("button", { name: "Zapłać (test)" }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await expect(page.getByText("Dodaliśmy 10 tokenów.")).toBeVisible();
    await expect(page.getByText("Saldo: 1013 tokenów.")).toBeVisible();

    // The same in English, with a plan bought again after the last one ended.
    await page.goto("/en/pricing");
    await page.getByRole("link", { name: "Buy the Mini plan" }).click();
    await expect(page).toHaveURL(/\/en\/checkout\?product=mini$/);
    await expect(page.getByText("PLN 25.99 a month", { exact: true })).toBeVisible();
    await expect(page.getByText("PLN 25.99", { exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: /I ask you to start the service/ }).check();
    await page.getByRole("button", { name: "Order with obligation to pay" }).click();
    await expect(page.getByRole("note")).toHaveText("Test environment: no money is taken or moved.");
    await page.getByRole("button", { name: "Pay (test)" }).click();
    await expect(page).toHaveURL(/\/en\/subscription-success\?session_id=/);
    await expect(page.getByText("Your Mini subscription is active")).toBeVisible();
    await expect(page.getByText("We added 30 tokens.")).toBeVisible();
    await expect(page.getByText("Balance: 1,043 tokens.")).toBeVisible();
    await page.goto("/en/settings/subscriptions");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel" }).click();
    await expect(status(page)).toHaveText(/^Cancelled – expires \d\d\.\d\d\.\d{4}$/);
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, resume" }).click();
    await expect(status(page)).toHaveText(/^Active until \d\d\.\d\d\.\d{4}$/);
    await page.goto("/en/test-subscriptions");
    await page.getByRole("button", { name: "Renew period (payment succeeds)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Period renewed" })).toBeVisible();
    await page.goto("/en/pricing");
    await page.getByRole("link", { name: "Buy the 10-token pack" }).click();
    await page.getByRole("checkbox", { name: /I ask you to start the service/ }).check();
    await page.getByRole("button", { name: "Order with obligation to pay" }).click();
    await page.getByRole("button", { name: "Pay (test)" }).click();
    await expect(page).toHaveURL(/\/en\/payment-success\?session_id=/);
    await expect(page.getByText("Payment for the 10-token pack received")).toBeVisible();
    await expect(page.getByText("Balance: 1,083 tokens.")).toBeVisible();
  });

  test.describe("with a balance of 5", () => {
    test.use({ tokens: 5 });

    test("a declined payment says so and adds nothing", async ({ page, account }) => {
      expect(account.balance).toBe(5);
      await page.goto("/zamowienie?product=mini");
      await page.getByRole("checkbox", { name: /Żądam rozpoczęcia/ }).check();
      await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
      await page.getByRole("button", { name: "Odrzuć płatność" }).click();
      await expect(page.getByText(/^Płatność nie powiodła się\./)).toBeVisible();
      await page.goto("/settings/subscriptions");
      await expect(status(page)).toHaveText("Nie masz aktywnej subskrypcji.");
      await expect(page.getByText("5 tokenów", { exact: true })).toBeVisible();
    });
  });
});
