/**
 * What a team refuses, in the real UI, with a sentence that says why and nothing changed: an invitation to a team
 * with no free seat, an invitation link that has expired or was withdrawn, and an owner's action (closing the team) from the open page of someone who is no longer its owner.
 */
import { expect, latestEmailTo, signIn, test } from "./support";

test("an expired or withdrawn invitation is refused with a clear message and adds nobody", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, { open: false });
  await page.goto("/zespol");
  await page.getByLabel("Nazwa zespołu").fill("Biuro Odra");
  await page.getByRole("button", { name: "Załóż zespół" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Biuro Odra" })).toBeVisible();
  const email = `late-agent-${Date.now()}@example.test`;
  // Without a plan the owner fills the one seat: no invitation goes out, and the refusal says how to get seats.
  await page.getByLabel("Adres e-mail").fill(email);
  await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Zespół nie ma wolnego miejsca (zajęte 1 z 1)." })).toContainText("kupić dla zespołu plan w cenniku: każdy plan daje kilka miejsc");
  // Pro for the team (three seats).
  await page.goto("/zamowienie?product=pro");
  await page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ }).check();
  await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
  await page.getByRole("button", { name: "Zapłać (test)" }).click();
  await expect(page.getByText("Dodaliśmy 500 tokenów do puli zespołu Biuro Odra.")).toBeVisible();
  await page.goto("/zespol");
  await page.getByLabel("Adres e-mail").fill(email);
  await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Zaproszenie wysłane." })).toBeVisible();
  const link = (await latestEmailTo(email)).links.find((l) => l.includes("/zespol/dolacz?token="))!;

  // Seven days pass (the test server's shortcut), then the agent opens the link.
  const origin = new URL(page.url()).origin;
  const aged = await page.request.post(`${origin}/api/test/expire-invitations`, { headers: { origin }, data: { email } });
  expect(await aged.json()).toEqual({ expired: 1 });
  const context = await browser.newContext();
  const agent = await context.newPage();
  await signIn(agent, { email, tokens: 0, open: false });
  await agent.goto(link);
  await expect(agent.getByRole("alert").filter({ hasText: "To zaproszenie wygasło. Poproś o nowe." })).toBeVisible();
  await expect(agent.getByRole("button", { name: "Dołącz do zespołu" })).toHaveCount(0);
  await agent.goto("/zespol");
  await expect(agent.getByRole("button", { name: "Załóż zespół" })).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByText(/Miejsca: 1 z 3/)).toBeVisible();

  // An invitation the owner withdraws: gone from the list after a confirmation, and its link says so at once.
  const withdrawn = `withdrawn-agent-${Date.now()}@example.test`;
  const sentAt = Date.now();
  await page.getByLabel("Adres e-mail").fill(withdrawn);
  await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
  const withdrawnLink = (await latestEmailTo(withdrawn, { since: sentAt })).links.find((l) => l.includes("/zespol/dolacz?token="))!;
  // The form is reset once its action has answered: the next address is typed only after the list shows this one.
  await expect(page.getByText(new RegExp(`^${withdrawn.replace(/\./g, "\\.")} ·`))).toBeVisible();
  // Two more: three open invitations for the two free seats, which the page says before anyone is turned away.
  for (const more of ["more-1", "more-2"]) {
    await page.getByLabel("Adres e-mail").fill(`${more}-${Date.now()}@example.test`);
    await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
    await expect(page.getByText(new RegExp(`^${more}-\\d+@example\\.test`))).toBeVisible();
  }
  await expect(page.getByText("Otwartych zaproszeń: 3, wolnych miejsc: 2.")).toBeVisible();
  await page.getByRole("button", { name: `Wycofaj zaproszenie dla ${withdrawn}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Wycofaj" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Zaproszenie wycofane: jego link już nie działa." })).toBeVisible();
  await expect(page.getByText(withdrawn)).toHaveCount(0);
  await expect(page.getByText(/Otwartych zaproszeń/)).toHaveCount(0);
  const second = await browser.newContext();
  const invitee = await second.newPage();
  await signIn(invitee, { email: withdrawn, tokens: 0, open: false });
  await invitee.goto(withdrawnLink);
  await expect(invitee.getByRole("alert").filter({ hasText: "Ten link zaproszenia jest nieważny: zaproszenie wycofano" })).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Dołącz do zespołu" })).toHaveCount(0);
  await second.close();
});

test("a former owner's open page cannot close the team: refused with a clear message, the team and its pool kept", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, { open: false });
  await page.goto("/zespol");
  await page.getByLabel("Nazwa zespołu").fill("Biuro Warta");
  await page.getByRole("button", { name: "Załóż zespół" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Biuro Warta" })).toBeVisible();
  // Pro for the team (three seats, 500 tokens in the pool).
  await page.goto("/zamowienie?product=pro");
  await expect(page.getByRole("checkbox", { name: /Kupuję dla zespołu Biuro Warta/ })).toBeChecked();
  await page.getByRole("checkbox", { name: /Żądam rozpoczęcia świadczenia usługi/ }).check();
  await page.getByRole("button", { name: "Zamawiam i płacę" }).click();
  await page.getByRole("button", { name: "Zapłać (test)" }).click();
  await expect(page.getByText("Dodaliśmy 500 tokenów do puli zespołu Biuro Warta.")).toBeVisible();

  // A second owner-to-be joins as an admin.
  await page.goto("/zespol");
  const email = `next-owner-${Date.now()}@example.test`;
  await page.getByLabel("Adres e-mail").fill(email);
  // A select's wrapping label also holds its options' text: found by its accessible name instead.
  await page.getByRole("combobox", { name: "Rola", exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Zaproszenie wysłane." })).toBeVisible();
  const link = (await latestEmailTo(email)).links.find((l) => l.includes("/zespol/dolacz?token="))!;
  const context = await browser.newContext();
  const next = await context.newPage();
  await signIn(next, { email, tokens: 0, open: false });
  await next.goto(link);
  await next.getByRole("button", { name: "Dołącz do zespołu" }).click();
  await expect(next).toHaveURL(/\/zespol$/);
  await context.close();

  // The owner keeps a second tab open on the team page, then hands ownership over in the first.
  const stale = await page.context().newPage();
  await stale.goto("/zespol");
  await expect(stale.getByRole("button", { name: "Zamknij zespół na zawsze" })).toBeVisible();
  await page.reload();
  await page.getByRole("combobox", { name: /^Zmień rolę / }).selectOption("owner");
  await page.getByRole("button", { name: "Zmień rolę", exact: true }).click();
  await expect(page.getByRole("button", { name: "Zamknij zespół na zawsze" })).toHaveCount(0);

  // The open page still shows the owner's button; the server refuses it, and says why.
  await stale.getByRole("button", { name: "Zamknij zespół na zawsze" }).click();
  await expect(stale.getByRole("status").filter({ hasText: "Twoja rola w zespole na to nie pozwala." })).toBeVisible();
  await stale.reload();
  await expect(stale.getByRole("heading", { level: 1, name: "Biuro Warta" })).toBeVisible();
  await expect(stale.getByText("500 tokenów", { exact: true })).toBeVisible();
  await expect(stale.getByRole("button", { name: "Zamknij zespół na zawsze" })).toHaveCount(0);
});
