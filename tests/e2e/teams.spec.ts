/**
 * An agency in the real UI: the owner founds a team, buys Pro for it with a VAT invoice to a NIP (a wrong NIP
 * first), invites two agents by e-mail (and, by mistake, a member); both join through their links (a used
 * link says so) and generate from the shared pool; the owner sees who spent what and downloads the invoice PDF.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, latestEmailTo, signIn, test } from "./support";

const PHOTO = path.resolve(import.meta.dirname, "../fixtures/bedroom-cc0-1600x1067.jpg");

async function joinAndGenerate(browser: Browser, email: string, link: string, listingName: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email, tokens: 0, open: false });
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Zaproszenie do zespołu Biuro Wisła" })).toBeVisible();
  await page.getByRole("button", { name: "Dołącz do zespołu" }).click();
  await expect(page).toHaveURL(/\/zespol$/);
  await expect(page.getByRole("heading", { level: 1, name: "Biuro Wisła" })).toBeVisible();
  // An agent manages nobody and buys nothing for the team.
  await expect(page.getByRole("button", { name: "Wyślij zaproszenie" })).toHaveCount(0);
  await page.goto("/ogloszenia");
  await page.getByLabel("Nazwa (adres lub numer oferty)").fill(listingName);
  await page.getByRole("button", { name: "Utwórz ogłoszenie" }).click();
  await expect(page).toHaveURL(/\/ogloszenia\?id=/);
  await page.locator('input[type="file"]').setInputFiles([{ name: "a.jpg", mimeType: "image/jpeg", buffer: readFileSync(PHOTO) }]);
  await expect(page.getByTestId("listing-photo")).toHaveCount(1, { timeout: 60_000 });
  await page.getByRole("checkbox", { name: "Skandynawski" }).check();
  await page.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Generuj za 1 token" }).click();
  await expect(page.getByRole("button", { name: "Wybierz ten wynik" })).toHaveCount(1, { timeout: 60_000 });
  return page;
}

test("an owner sets up a team of three, buys Pro with an invoice, both agents spend from the pool, the owner sees who and downloads the invoice", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const owner = await signIn(page, { open: false });
  await page.goto("/zespol");
  await page.getByLabel("Nazwa zespołu").fill("Biuro Wisła");
  await page.getByRole("button", { name: "Załóż zespół" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Biuro Wisła" })).toBeVisible();

  // Pro for the team, with an invoice; a wrong NIP is refused at its field and nothing is ordered.
  await page.goto("/zamowienie?product=pro");
  await expect(page.getByRole("checkbox", { name: /Kupuję dla zespołu Biuro Wisła/ })).toBeChecked();
  await page.getByRole("checkbox", { name: "Potrzebuję faktury VAT na firmę" }).check();
  await page.getByLabel("Nazwa firmy").fill("Biuro Nieruchomości Wisła sp. z o.o.");
  await page.getByLabel("NIP lub numer VAT UE").fill("123-456-78-90");
  await page.getByLabel("Ulica i numer").fill("ul. Złota 44");
  await page.getByLabel("Kod pocztowy").fill("00-120");
  await page.getByLabel("Miejscowość").fill("Warszawa");
  await page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ }).check();
  await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
  const nip = page.getByLabel("NIP lub numer VAT UE");
  await expect(nip).toHaveAccessibleDescription(/To nie jest poprawny NIP/);
  await expect(page).toHaveURL(/\/zamowienie\?product=pro$/);
  await nip.fill("526-025-02-74");
  await page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ }).check();
  await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
  await expect(page).toHaveURL(/\/subskrypcje-testowe\?session_id=/);
  await page.getByRole("button", { name: "Zapłać (test)" }).click();
  await expect(page.getByText("Dodaliśmy 500 tokenów do puli zespołu Biuro Wisła.")).toBeVisible();

  // Invitations: two agents, and the owner's own address by mistake.
  await page.goto("/zespol");
  await expect(page.getByText("500 tokenów", { exact: true })).toBeVisible();
  const agents = [`agent-a-${Date.now()}@example.test`, `agent-b-${Date.now()}@example.test`];
  const links: string[] = [];
  for (const email of agents) {
    await page.getByLabel("Adres e-mail").fill(email);
    await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Zaproszenie wysłane." })).toBeVisible();
    // The form is emptied for the next address once the page is read anew.
    await expect(page.getByLabel("Adres e-mail")).toHaveValue("");
    const mail = await latestEmailTo(email);
    expect(mail.subject).toBe("Biuro Wisła zaprasza Cię do Aranżera");
    links.push(mail.links.find((l) => l.includes("/zespol/dolacz?token="))!);
  }
  await page.getByLabel("Adres e-mail").fill(owner.email);
  await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
  await expect(page.getByText("Ta osoba już należy do zespołu.")).toBeVisible();

  const first = await joinAndGenerate(browser, agents[0]!, links[0]!, "Złota 44/12");
  const second = await joinAndGenerate(browser, agents[1]!, links[1]!, "Mokotowska 3");
  // A used link says so.
  await second.goto(links[1]!);
  await expect(second.getByText("To zaproszenie zostało już wykorzystane.")).toBeVisible();
  await first.context().close();
  await second.context().close();

  // The owner sees who spent what, and the pool what is left.
  await page.goto("/zespol");
  await expect(page.getByText("498 tokenów", { exact: true })).toBeVisible();
  const usage = page.getByRole("table", { name: "Zużycie tokenów" });
  for (const email of agents) await expect(usage.getByRole("row", { name: new RegExp(email.split("@")[0]!) })).toContainText("1");
  await expect(page.getByText(/ogłoszenie „Złota 44\/12”/)).toBeVisible();

  await page.goto("/settings/faktury");
  const row = page.getByRole("row", { name: /FV\/1\/\d{4}/ });
  await expect(row).toContainText("84,99");
  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: /^PDF \(polski\)/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^FV-1-\d{4}\.pdf$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe("%PDF-");
});
