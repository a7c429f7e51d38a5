/**
 * Comment threads under a blog post in the real UI: comment, reply three levels and beyond, edit, delete
 * with a placeholder, refusals that keep the text, a comment posted before the scripts ran, a report from
 * a signed-out visitor, a moderator hiding the comment with a reason that only its author is shown, and
 * a comment made of script payloads that stays inert. The moderator's address is in ADMIN_EMAILS of the
 * test server (scripts/production-server-env.ts).
 */
import type { Browser, Page } from "@playwright/test";
import { confirmFromOutbox, expect, expectNoAxeViolationsInBothModes, latestEmailTo, register, signIn, test, uniqueEmail } from "./support";

const POST = "/blog/jak-przygotowac-zdjecie-pokoju";
/** The other tests comment elsewhere, so the first one counts the comments of a thread it alone writes in. */
const OTHER_POST = "/blog/ile-stylow-wybrac-do-jednego-pokoju";
const MODERATOR = "comments-moderator@example.test";

const thread = (page: Page) => page.getByRole("region", { name: /^Komentarze/ });
const comment = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text });
/** The disclosures under a comment (Odpowiedz, Edytuj, Usuń, Zgłoś) are <summary> elements, which have no ARIA role. */
const disclosure = (page: Page, text: string, action: string) => comment(page, text).locator("summary", { hasText: action });

async function post(page: Page, text: string, shown = text) {
  await page.getByLabel("Twój komentarz").fill(text);
  await page.getByRole("button", { name: "Opublikuj komentarz" }).click();
  await expect(comment(page, shown)).toBeVisible();
  await expect(comment(page, shown)).toBeFocused();
}

async function reply(page: Page, to: string, text: string) {
  await disclosure(page, to, "Odpowiedz").click();
  await comment(page, to).getByLabel("Twoja odpowiedź").fill(text);
  await comment(page, to).getByRole("button", { name: "Opublikuj odpowiedź" }).click();
  await expect(comment(page, text)).toBeVisible();
  await expect(comment(page, text)).toBeFocused();
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, { email });
  return page;
}

test.describe("comments", () => {
  test("comment, reply in a thread, edit, refuse, delete, report, a moderator's hide seen by the author only, and its restore", async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.goto(POST);
    const signIn = page.getByRole("link", { name: "Zaloguj się, aby skomentować" });
    await expect(signIn).toHaveAttribute("href", `/login?return=${encodeURIComponent(POST)}`);
    await signIn.click();
    await expect(page).toHaveURL(/\/login$/);

    // A new reader signs up from there and comes back to the post once the address is confirmed.
    const email = uniqueEmail("cm-author");
    await register(page, email);
    await confirmFromOutbox(page, email);
    await expect(page).toHaveURL(new RegExp(`${POST}$`));
    await page.getByRole("dialog").getByRole("button", { name: "Zamknij" }).first().click();
    await expect(page.getByRole("heading", { name: "Komentarze (0)" })).toBeVisible();

    // A refusal keeps the text and says why, where the cursor is.
    const field = page.getByLabel("Twój komentarz");
    await field.fill("   ");
    await page.getByRole("button", { name: "Opublikuj komentarz" }).click();
    await expect(thread(page).getByRole("alert")).toHaveText("Komentarz nie może być pusty.");
    await expect(field).toBeFocused();
    const overlong = `Za długi ${"x".repeat(2000)}`;
    await field.fill(overlong);
    await page.getByRole("button", { name: "Opublikuj komentarz" }).click();
    await expect(thread(page).getByRole("alert")).toHaveText("Tekst może mieć najwyżej 2000 znaków.");
    await expect(field).toHaveValue(overlong);

    await post(page, "Pierwszy komentarz o **świetle**");
    await expect(field).toHaveValue("");
    await expect(comment(page, "Pierwszy komentarz").locator("strong")).toHaveText("świetle");
    await reply(page, "Pierwszy komentarz", "Odpowiedź drugiego poziomu");
    await reply(page, "Odpowiedź drugiego poziomu", "Odpowiedź trzeciego poziomu");
    await reply(page, "Odpowiedź trzeciego poziomu", "Odpowiedź czwartego poziomu");
    await reply(page, "Odpowiedź czwartego poziomu", "Odpowiedź piątego poziomu");
    await expect(page.getByRole("heading", { name: "Komentarze (5)" })).toBeVisible();
    // Three levels indent; deeper replies are listed once, flat, under the third, saying whom they answer.
    const level = (text: string) => comment(page, text).evaluate((article) => {
      let depth = 0;
      for (let node = article.parentElement; node; node = node.parentElement) if (node.tagName === "OL") depth += 1;
      return depth;
    });
    expect([await level("Pierwszy"), await level("drugiego"), await level("trzeciego"), await level("czwartego"), await level("piątego")]).toEqual([1, 2, 3, 4, 4]);
    await expect(comment(page, "piątego poziomu")).toContainText("w odpowiedzi do:");

    // Edit within the window: marked as edited. Opened from the keyboard.
    await disclosure(page, "Pierwszy komentarz", "Edytuj").focus();
    await page.keyboard.press("Enter");
    await comment(page, "Pierwszy komentarz").getByLabel("Treść komentarza").fill("Pierwszy komentarz, poprawiony");
    await comment(page, "Pierwszy komentarz").getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(comment(page, "Pierwszy komentarz, poprawiony")).toContainText("(edytowano)");

    // At 375 px the deepest reply still fits.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = await comment(page, "piątego poziomu").boundingBox();
    expect(box!.width).toBeGreaterThan(220);
    await page.setViewportSize({ width: 1280, height: 800 });

    await expectNoAxeViolationsInBothModes(page, "post with comments");

    // Deleting a comment that has replies leaves a placeholder; the replies stay.
    await disclosure(page, "Pierwszy komentarz", "Usuń").click();
    await comment(page, "Pierwszy komentarz").getByRole("button", { name: "Tak, usuń" }).click();
    await expect(page.getByText("Komentarz usunięty", { exact: true })).toBeVisible();
    await expect(comment(page, "Pierwszy komentarz")).toHaveCount(0);
    await expect(comment(page, "drugiego poziomu")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Komentarze (4)" })).toBeFocused();

    // Anyone can report: a signed-out visitor, with an optional address for the answer.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(POST);
    await disclosure(visitor, "drugiego poziomu", "Zgłoś").click();
    const report = comment(visitor, "drugiego poziomu");
    await report.getByRole("button", { name: "Wyślij zgłoszenie" }).click();
    await expect(report.getByRole("alert")).toHaveText("Wybierz powód zgłoszenia.");
    await report.getByRole("radio", { name: "Spam lub reklama" }).check();
    await report.getByLabel("Wyjaśnienie").fill("Link do sklepu bez związku z wpisem.");
    await report.getByLabel("Twój adres e-mail (opcjonalnie)").fill("zglaszajacy@example.test");
    const reportedAt = Date.now();
    await report.getByRole("button", { name: "Wyślij zgłoszenie" }).click();
    await expect(report.getByRole("status")).toHaveText("Dziękujemy. Zgłoszenie przyjęte: moderatorzy je sprawdzą.");
    await expect(report.getByRole("status")).toBeFocused();
    // The moderators are e-mailed once the reporter has the answer (sent after it, not before).
    const alert = await latestEmailTo(MODERATOR, { since: reportedAt });
    expect(alert.links.some((link) => link.endsWith("/moderacja"))).toBe(true);

    // The queue is for moderators only.
    const stranger = await signedInPage(browser, uniqueEmail("cm-stranger"));
    expect((await stranger.goto("/moderacja"))?.status()).toBe(404);
    await stranger.goto("/");
    await stranger.getByRole("button", { name: "Menu konta" }).click();
    await expect(stranger.getByRole("menuitem", { name: "Profil i subskrypcja" })).toBeVisible();
    await expect(stranger.getByRole("menuitem", { name: "Moderacja komentarzy" })).toHaveCount(0);
    await stranger.context().close();

    const moderator = await signedInPage(browser, MODERATOR);
    // Moderators find the queue in their account menu; nobody else has it there.
    await moderator.goto("/");
    await moderator.getByRole("button", { name: "Menu konta" }).click();
    await moderator.getByRole("menuitem", { name: "Moderacja komentarzy" }).click();
    await expect(moderator).toHaveURL(/\/moderacja$/);
    const item = moderator.getByRole("article").filter({ hasText: "drugiego poziomu" });
    await expect(item).toContainText("Spam lub reklama");
    await expect(item).toContainText("osoba niezalogowana, zglaszajacy@example.test");
    await expectNoAxeViolationsInBothModes(moderator, "moderation queue");
    await item.getByRole("button", { name: "Ukryj" }).click();
    await expect(item.getByRole("alert")).toHaveText("Wybierz podstawę decyzji.");
    await item.getByRole("radio", { name: "niezgodność z regulaminem (§ 12)" }).check();
    await item.getByLabel("Uzasadnienie dla autora").fill("Reklama sklepu, niezwiązana z tematem wpisu.");
    await item.getByRole("button", { name: "Ukryj" }).click();
    await expect(moderator.getByText("Nie ma zgłoszeń do rozpatrzenia.")).toBeVisible();
    // The decided comment left the queue with its form: focus goes to the queue, not to the page's start.
    await expect(moderator.getByRole("region", { name: "Moderacja komentarzy" })).toBeFocused();

    // The author sees the comment, the decision and the reason; everyone else a placeholder (it has replies).
    await page.reload();
    const hidden = comment(page, "drugiego poziomu");
    await expect(hidden.getByRole("note")).toContainText("Moderatorzy ukryli ten komentarz");
    await expect(hidden.getByRole("note")).toContainText("Uzasadnienie: Reklama sklepu, niezwiązana z tematem wpisu.");
    await expect(hidden.getByRole("note").getByRole("link", { name: "§ 13 regulaminu" })).toHaveAttribute("href", "/regulamin");
    await visitor.reload();
    await expect(comment(visitor, "drugiego poziomu")).toHaveCount(0);
    await expect(visitor.getByText("Komentarz ukryty przez moderatorów")).toBeVisible();
    await expect(comment(visitor, "trzeciego poziomu")).toBeVisible();
    await expect(visitor.getByText("Reklama sklepu")).toHaveCount(0);

    // An appeal that holds: the moderator restores it from the hidden comments; everyone sees it again and its author is told.
    const hiddenItem = moderator.getByRole("region", { name: "Ukryte komentarze" }).getByRole("article").filter({ hasText: "drugiego poziomu" });
    await expect(hiddenItem).toContainText("Reklama sklepu, niezwiązana z tematem wpisu.");
    await expectNoAxeViolationsInBothModes(moderator, "hidden comments");
    await hiddenItem.getByLabel("Wiadomość dla autora (opcjonalnie)").fill("Po odwołaniu: to jednak nie reklama.");
    const restoredAt = Date.now();
    await hiddenItem.getByRole("button", { name: "Przywróć komentarz" }).click();
    await expect(moderator.getByRole("status").filter({ hasText: "Komentarz przywrócony." })).toBeAttached();
    await expect(hiddenItem).toHaveCount(0);
    await expect(moderator.getByRole("region", { name: "Ukryte komentarze" })).toBeFocused();
    expect((await latestEmailTo(email, { since: restoredAt })).subject).toBe("Twój komentarz w Aranżerze jest znów widoczny");
    await visitor.reload();
    await expect(comment(visitor, "drugiego poziomu")).toBeVisible();
    await expect(visitor.getByText("Komentarz ukryty przez moderatorów")).toHaveCount(0);
  });

  test("a comment posted before the scripts have run appears, and a refusal keeps its text", async ({ page, baseURL }) => {
    await signIn(page);
    await page.route(/\/_next\/static\/chunks\/.+\.js$/, (route) => route.abort());
    // Not page.goto: the fixture's hydration wait would never end without scripts.
    await page.evaluate((url) => location.assign(url), `${baseURL}${OTHER_POST}`);
    await page.waitForLoadState();
    await page.getByRole("button", { name: "Opublikuj komentarz" }).click();
    await page.waitForLoadState();
    await expect(page.getByText("Komentarz nie może być pusty.")).toBeVisible();
    await page.getByLabel("Twój komentarz").fill("Napisane przed skryptami");
    await page.getByRole("button", { name: "Opublikuj komentarz" }).click();
    await page.waitForLoadState();
    await expect(comment(page, "Napisane przed skryptami")).toBeVisible();
  });

  test("in English the thread is the English post's own, and sign-in comes back to it", async ({ page }) => {
    const path = "/en/blog/how-to-photograph-a-room";
    await page.goto(path);
    const thread = page.getByRole("region", { name: /^Comments \(\d+\)$/ });
    await expect(thread.getByRole("link", { name: "Sign in to comment" })).toHaveAttribute("href", `/en/login?return=${encodeURIComponent(path)}`);
  });

  test("a comment made of script and event-handler payloads renders inert", async ({ page }) => {
    const dialogs: string[] = [];
    const attacker: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on("request", (request) => {
      if (new URL(request.url()).hostname.endsWith("attacker.example")) attacker.push(request.url());
    });
    await signIn(page);
    await page.goto(OTHER_POST);
    const payload = [
      "Ładunek <script>alert(1)</script>",
      "",
      '<img src="https://attacker.example/x.png" onerror="alert(2)">',
      "",
      '<svg onload="alert(3)"><a href="javascript:alert(4)">svg</a></svg>',
      "",
      "[klik](javascript:alert(5)) [dane](data:text/html,<script>alert(6)</script>) ![obraz](https://attacker.example/pixel.png)",
      "",
      '<iframe src="https://attacker.example/frame"></iframe> <a href="https://attacker.example/" onclick="alert(7)">a</a>',
      "",
      "[zwykły link](https://attacker.example/strona)",
    ].join("\n");
    await post(page, payload, "Ładunek");
    await page.reload();
    const body = comment(page, "Ładunek");
    // Raw HTML is shown as the text that was typed; nothing of it becomes an element.
    await expect(body).toContainText("<script>alert(1)</script>");
    await expect(body.locator("script, img, svg, iframe, [onerror], [onload], [onclick]")).toHaveCount(0);
    await expect(body.locator('a[href^="javascript:"], a[href^="data:"]')).toHaveCount(0);
    await expect(body.getByRole("link", { name: /zwykły link/ })).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
    expect(dialogs).toEqual([]);
    expect(attacker).toEqual([]);
  });
});
