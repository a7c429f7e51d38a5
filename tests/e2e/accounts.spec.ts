/** The whole account journey, reading the e-mails from the outbox as a user would open them. */
import { type Page } from "@playwright/test";
import { PASSWORD, confirmFromOutbox, expect, expectNoAxeViolations, expectNoAxeViolationsInBothModes, latestEmailTo, register, test, uniqueEmail } from "./support";
import { signIn as signInAsNewAccount, waitForHydration } from "./fixtures";

/** On the login page once React has it: a form sent before would reach the server without its handler. */
async function signIn(page: Page, email: string, password = PASSWORD) {
  await expect(page).toHaveURL(/\/login/);
  await waitForHydration(page);
  await page.getByLabel("Adres e-mail").fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Zaloguj się", exact: true }).click();
}

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Menu konta" }).click();
}

test.describe("accounts", () => {
  test("register, confirm from the outbox, 3 free tokens and the welcome modal once, sign out, sign in", async ({ page }) => {
    const email = uniqueEmail("jan");
    await register(page, email);
    const mail = await confirmFromOutbox(page, email);
    expect(mail.subject).toBe("Potwierdź adres e-mail w Aranżerze");

    // The link signs the user in and lands on the design page through the logging-in screen.
    await expect(page).toHaveURL(/\/design$/);
    await expect(page.getByText("Na Twoim koncie: 3 tokeny.")).toBeVisible();
    const modal = page.getByRole("dialog", { name: "Witaj w Aranżerze!" });
    await expect(modal).toBeVisible();
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
    const signUp = events.find((e) => e.event === "sign_up");
    expect(signUp).toMatchObject({ method: "email", user_email_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(events)).not.toContain(email);
    await modal.getByRole("button", { name: "Zamknij" }).first().click();
    await expect(modal).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Utwórz wizualizację" })).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();

    // Header of a signed-in user and the account dropdown.
    const header = page.locator("header").first();
    await expect(header.getByRole("link", { name: "Utwórz" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Ostatnie wizualizacje" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Cennik" })).toBeVisible();
    await openAccountMenu(page);
    const menu = page.getByRole("menu");
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText("Brak subskrypcji")).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "3 tokeny" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Profil i subskrypcja" })).toBeVisible();
    await menu.getByRole("menuitem", { name: "Wyloguj się" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Wrong password, then the right one; no second grant, no second modal.
    await signIn(page, email, "zle-haslo-123");
    await expect(page.locator("main").getByRole("alert")).toContainText("Nieprawidłowy e-mail lub hasło.");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/design$/);
    await expect(page.getByText("Na Twoim koncie: 3 tokeny.")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("an unconfirmed account is answered like a wrong password, and can have the link sent again", async ({ page }) => {
    // Not "not confirmed": after a sign-up with someone else's address, that would tell the address was new.
    const email = uniqueEmail("anna");
    await register(page, email);
    await page.getByRole("link", { name: "Wróć do logowania" }).click();
    await signIn(page, email);
    await expect(page.locator("main").getByRole("alert")).toContainText("Nieprawidłowy e-mail lub hasło. Jeśli konto jest nowe, najpierw potwierdź adres");
    const before = Date.now();
    await page.locator("main").getByRole("alert").getByRole("button", { name: "Wyślij ponownie link potwierdzający" }).click();
    await expect(page.locator("main").getByRole("alert").or(page.getByRole("status")).filter({ hasText: "nowy link" })).toBeVisible();
    const mail = await latestEmailTo(email, { since: before - 1000 });
    expect(mail.links.some((l) => l.includes("/api/auth/verify-email"))).toBe(true);
  });

  test("signing up with a taken e-mail says nothing on screen and tells the owner by e-mail", async ({ page }) => {
    const email = uniqueEmail("ola");
    await register(page, email);
    await confirmFromOutbox(page, email);
    await expect(page).toHaveURL(/\/design$/);
    await page.context().clearCookies();
    const before = Date.now();
    await register(page, email, "inne-haslo-2");
    const mail = await latestEmailTo(email, { since: before - 1000 });
    expect(mail.subject).toBe("Masz już konto w Aranżerze");
  });

  test("the guard brings the user back to the attempted page after sign-in", async ({ page }) => {
    const { email } = await signInAsNewAccount(page);
    await page.context().clearCookies();
    await page.goto("/settings/subscriptions");
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/settings\/subscriptions$/);
    await expect(page.getByRole("heading", { name: "Subskrypcje" })).toBeVisible();
  });

  test("a sign-in sent before the scripts have run keeps the password out of the address", async ({ page, baseURL }) => {
    // Scripts that never arrive: the browser submits the server-rendered form itself, as on a slow phone.
    await page.route(/\/_next\/static\/chunks\/.+\.js$/, (route) => route.abort());
    // Not page.goto: the fixture's hydration wait would never end on this page.
    await page.evaluate((url) => location.assign(url), `${baseURL}/login`);
    await page.waitForLoadState();
    await page.getByLabel("Adres e-mail").fill("ktos@example.test");
    await page.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
    const submitted = page.waitForRequest((request) => new URL(request.url()).pathname === "/login" && request.method() === "POST");
    await page.getByRole("button", { name: "Zaloguj się", exact: true }).click();
    expect((await submitted).postData()).toContain("password=");
    await page.waitForLoadState();
    expect(page.url()).not.toContain(PASSWORD);
    await expect(page.getByLabel("Hasło", { exact: true })).toBeVisible(); // the sign-in page again, not an error
  });

  test("the panel switches (sign-up, forgotten password, back) work before the scripts have run", async ({ page, baseURL }) => {
    await page.route(/\/_next\/static\/chunks\/.+\.js$/, (route) => route.abort());
    await page.evaluate((url) => location.assign(url), `${baseURL}/login`);
    await page.waitForLoadState();
    await page.getByRole("link", { name: "Rejestracja" }).click();
    await expect(page).toHaveURL(/\/login\?tab=register$/);
    await expect(page.getByRole("button", { name: "Załóż konto" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Rejestracja" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Logowanie" }).click();
    await page.getByRole("link", { name: "Nie pamiętasz hasła?" }).click();
    await expect(page.getByRole("button", { name: "Wyślij link" })).toBeVisible();
    await page.getByRole("link", { name: "Wróć do logowania" }).click();
    await expect(page.getByRole("button", { name: "Zaloguj się", exact: true })).toBeVisible();
  });

  test("password change: each validation error, then success with an e-mail", async ({ page }) => {
    const { email } = await signInAsNewAccount(page);
    await page.goto("/settings/profile");
    const form = page.locator("form").filter({ has: page.getByLabel("Nowe hasło", { exact: true }) });
    const save = form.getByRole("button", { name: "Zmień hasło" });

    await save.click();
    await expect(form.getByText("To pole jest wymagane.").first()).toBeVisible();
    await expect(page.getByText("Błąd formularza")).toBeVisible();
    await expect(page.getByText("Popraw błędy w formularzu przed zapisaniem.")).toBeVisible();

    await form.getByLabel("Obecne hasło").fill(PASSWORD);
    await form.getByLabel("Nowe hasło", { exact: true }).fill("abc");
    await form.getByLabel("Powtórz nowe hasło").fill("abc");
    await save.click();
    await expect(form.getByText("Wymagane co najmniej 8 znaków.")).toBeVisible();

    await form.getByLabel("Nowe hasło", { exact: true }).fill("nowe-haslo-9");
    await form.getByLabel("Powtórz nowe hasło").fill("nowe-haslo-8");
    await save.click();
    await expect(form.getByText("Hasła nie są zgodne.")).toBeVisible();

    await form.getByLabel("Obecne hasło").fill("to-nie-to-haslo");
    await form.getByLabel("Powtórz nowe hasło").fill("nowe-haslo-9");
    await save.click();
    await expect(page.getByText("Błąd aktualizacji profilu")).toBeVisible();
    await expect(form.getByText("Obecne hasło jest nieprawidłowe.")).toBeVisible();

    // Long enough, but on the list of common passwords: the server's reason, under the field.
    await form.getByLabel("Obecne hasło").fill(PASSWORD);
    await form.getByLabel("Nowe hasło", { exact: true }).fill("qwertyuiop");
    await form.getByLabel("Powtórz nowe hasło").fill("qwertyuiop");
    await save.click();
    await expect(form.getByText("To hasło jest zbyt popularne")).toBeVisible();

    const before = Date.now();
    await form.getByLabel("Nowe hasło", { exact: true }).fill("nowe-haslo-9");
    await form.getByLabel("Powtórz nowe hasło").fill("nowe-haslo-9");
    await save.click();
    await expect(page.getByText("Hasło zostało zmienione", { exact: true })).toBeVisible();
    const mail = await latestEmailTo(email, { since: before - 1000 });
    expect(mail.subject).toBe("Hasło w Aranżerze zostało zmienione");

    await expectNoAxeViolations(page, "/settings/profile");
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Wyloguj się" }).click();
    await signIn(page, email, "nowe-haslo-9");
    await expect(page).toHaveURL(/\/design$/);
  });

  test("password reset by e-mail, without revealing which addresses exist", async ({ page }) => {
    const { email } = await signInAsNewAccount(page);
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Nie pamiętasz hasła?" }).click();
    await page.getByLabel("Adres e-mail").fill(uniqueEmail("nikt"));
    await page.getByRole("button", { name: "Wyślij link" }).click();
    const generic = page.locator("main").getByRole("status");
    await expect(generic).toContainText("Jeśli konto z tym adresem istnieje");

    const before = Date.now();
    await page.getByLabel("Adres e-mail").fill(email);
    await page.getByRole("button", { name: "Wyślij link" }).click();
    await expect(generic).toContainText("Jeśli konto z tym adresem istnieje");
    const mail = await latestEmailTo(email, { since: before - 1000 });
    expect(mail.subject).toBe("Zmiana hasła w Aranżerze");
    await page.goto(mail.links.find((l) => l.includes("/reset-password/"))!);
    await expect(page.getByRole("heading", { name: "Ustaw nowe hasło" })).toBeVisible();
    await page.getByLabel("Hasło", { exact: true }).fill("po-resecie-1");
    await page.getByLabel("Powtórz hasło").fill("po-resecie-1");
    await page.getByRole("button", { name: "Zapisz nowe hasło" }).click();
    await expect(page.locator("main").getByRole("status")).toContainText("Hasło zostało zmienione. Możesz się zalogować.");
    await signIn(page, email, "po-resecie-1");
    await expect(page).toHaveURL(/\/design$/);
  });

  test("in English: e-mails in English, English pages, English messages", async ({ page }) => {
    const email = uniqueEmail("john");
    await register(page, email, PASSWORD, "en");
    const mail = await latestEmailTo(email);
    expect(mail.subject).toBe("Confirm your e-mail address for Aranżer");
    await page.goto(mail.links.find((l) => l.includes("/api/auth/verify-email"))!);
    await expect(page).toHaveURL(/\/en\/design$/);
    await expect(page.getByText("In your account: 3 tokens.")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Welcome to Aranżer!" })).toBeVisible();
  });

  test("the welcome modal passes axe", async ({ page }) => {
    const email = uniqueEmail("axe");
    await register(page, email);
    await confirmFromOutbox(page, email);
    await expect(page.getByRole("dialog")).toBeVisible();
    // The modal records itself as shown with a server action as it opens; axe judges the page once that has answered.
    await page.waitForLoadState("networkidle");
    await expectNoAxeViolations(page, "/design with the welcome modal");
  });

  test("download my data, then delete the account", async ({ page }) => {
    const { email } = await signInAsNewAccount(page);

    const exported = await page.request.get("/api/account/export");
    expect(exported.status()).toBe(200);
    const data = (await exported.json()) as { profile: { email: string }; tokenLedger: { kind: string; amount: number }[] };
    expect(data.profile.email).toBe(email);
    expect(data.tokenLedger).toEqual([expect.objectContaining({ kind: "grant", amount: 3 })]);
    expect(JSON.stringify(data)).not.toMatch(/"password"|token":"[a-z0-9]/i);
    expect(JSON.stringify(data)).not.toMatch(/scrypt|\$argon|[0-9a-f]{32}:[0-9a-f]{64}/i);

    await page.goto("/settings/profile");
    await page.getByRole("button", { name: "Usuń konto" }).click();
    const dialog = page.getByRole("dialog", { name: "Usunąć konto na zawsze?" });
    await dialog.getByRole("button", { name: "Usuń na zawsze" }).click();
    await expect(dialog.getByText("To pole jest wymagane.")).toBeVisible();
    await dialog.getByLabel("Hasło").fill("zle-haslo-000");
    await dialog.getByRole("button", { name: "Usuń na zawsze" }).click();
    await expect(dialog.getByText("Obecne hasło jest nieprawidłowe.")).toBeVisible();
    await expectNoAxeViolationsInBothModes(page, "the deletion dialog with an error");
    await dialog.getByLabel("Hasło").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Usuń na zawsze" }).click();
    await expect(page).toHaveURL(/\/\?account-deleted$/);
    await expect(page.getByRole("status").filter({ hasText: "Konto zostało usunięte" })).toBeVisible();
    expect((await page.request.get("/api/account/export")).status()).toBe(401);

    await page.goto("/login");
    await signIn(page, email);
    await expect(page.locator("main").getByRole("alert")).toContainText("Nieprawidłowy e-mail lub hasło.");
  });
});
