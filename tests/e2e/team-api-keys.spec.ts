/**
 * An owner buys a plan with extra seats for the team, seeing on our order page the total the checkout then charges,
 * makes a key of the team's on the team page, and the key speaks for the team's pool until it is revoked.
 */
import { expect, signIn, test } from "./support";

test("a team's plan with extra seats is charged the total shown, and a team key spends from the pool until revoked", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, { open: false });
  await page.goto("/zespol");
  await page.getByLabel("Nazwa zespołu").fill("Biuro San");
  await page.getByRole("button", { name: "Załóż zespół" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Biuro San" })).toBeVisible();

  await page.goto("/zamowienie?product=pro");
  const total = page.getByRole("region", { name: "Do zapłaty" });
  await expect(total).toContainText("84,99 zł miesięcznie");
  await page.getByRole("spinbutton", { name: "Dodatkowe miejsca w zespole" }).fill("2");
  await expect(total).toContainText("124,97 zł miesięcznie");
  await expect(total).toContainText("Pro 84,99 zł + 2 dodatkowe miejsca × 19,99 zł");
  await page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ }).check();
  await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
  await expect(page).toHaveURL(/\/subskrypcje-testowe\?session_id=/);
  // The test checkout shows the amount of the order it charges.
  await expect(page.getByText(/Pro · 124,97\s*zł/)).toBeVisible();
  await page.getByRole("button", { name: "Zapłać (test)" }).click();
  await expect(page.getByText("Dodaliśmy 500 tokenów do puli zespołu Biuro San.")).toBeVisible();

  await page.goto("/zespol");
  await expect(page.getByRole("heading", { name: "Klucze API zespołu" })).toBeVisible();
  await page.getByLabel("Nazwa klucza").fill("CRM biura");
  await page.getByRole("checkbox", { name: /billing:read/ }).check();
  await page.getByRole("button", { name: "Utwórz klucz" }).click();
  const secret = await page.getByRole("textbox", { name: "Sekret" }).inputValue();
  expect(secret).toMatch(/^az_live_/);

  const origin = new URL(page.url()).origin;
  const balance = () => page.request.get(`${origin}/api/v1/balance`, { headers: { authorization: `Bearer ${secret}` } });
  const answer = await balance();
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ balance: 500 });

  await page.getByRole("button", { name: "Gotowe, klucz zapisany" }).click();
  await page.getByRole("button", { name: "Unieważnij klucz CRM biura" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unieważnij" }).click();
  await expect(page.getByText("Klucz unieważniony").first()).toBeVisible();
  expect((await balance()).status()).toBe(401);
});
