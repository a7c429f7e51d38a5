/**
 * The test fixture of every end-to-end spec. A new spec starts with
 *
 *   import { test, expect } from "./fixtures";
 *
 *   test.use({ tokens: 10 }); // optional: the signed-in account's balance (unset: the 3 free tokens)
 *
 *   test("…", async ({ page, account }) => {
 *     // `page` is signed in as `account` (a new, confirmed address) and open on /design, welcome modal seen.
 *     await page.getByRole(…);
 *   });
 *
 *   test("…", async ({ page }) => { … }); // no `account`: a visitor
 *
 * What it gives:
 * - `baseURL`, `page` and `request` point at this worker's own server (playwright.config.ts starts one per
 *   worker, each with its own data directory and database), and E2E_DATA_DIR is that server's directory, so
 *   latestEmailTo() reads this server's outbox. Files run in parallel on two workers: a spec must not rely on
 *   what another file did, only on what it does itself.
 * - `page`'s own navigations (goto, reload, goBack, goForward) wait until React has hydrated the document.
 * - `account`: signs `page`'s browser context in through POST /api/test/sign-in, which only a server started
 *   with E2E_SIGN_IN=true answers (src/env.ts refuses that setting unless APP_URL is plain http on a loopback
 *   address). The endpoint signs up and signs in through the auth library's own API, so its hooks grant the
 *   free tokens and create the profile as for a person, but it skips the form and the confirmation e-mail,
 *   then sets the balance to `tokens` with an adjustment entry. Options: `tokens`, `showWelcome` (true: the
 *   welcome modal still to come), `accountLocale` ("en": the account's e-mails in English, landing on /en/design).
 *   Only journeys about signing up (accounts.spec.ts, the consent spec's sign-up event, the comment author who
 *   signs up on the way) use the real form and e-mail.
 * - signIn(page, options) does the same for another page or server (an extra server, a second browser).
 */
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export type E2EServer = { baseURL: string; dataDir: string };

/** The account the fixture signed in. */
export type TestAccount = { email: string; password: string; userId: string; balance: number };

export const TEST_PASSWORD = "tajne-haslo-1";

/** This worker's server (playwright.config.ts hands the list on through E2E_SERVERS). */
export function workerServer(parallelIndex: number): E2EServer | null {
  const list = process.env.E2E_SERVERS ? (JSON.parse(process.env.E2E_SERVERS) as E2EServer[]) : [];
  return list.length ? list[parallelIndex % list.length]! : null;
}

/**
 * React hydrates a little after the load event, and a click
 * at that moment would reach a button with no handler. Pages without Next's scripts (the crawlers' plain
 * 404) are not waited for.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !("__next_f" in self) || Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
}

let counter = 0;
function freshEmail(tag: string): string {
  return `${tag}-${Date.now()}-${process.env.TEST_PARALLEL_INDEX ?? 0}-${counter++}@example.test`;
}

/**
 * Signs the page's browser context in as a new, confirmed account (see the top of this file) and opens
 * /design (or /en/design), as the sign-up journey leaves a person. `baseURL`: another server than the
 * page's (an extra server).
 */
export async function signIn(
  page: Page,
  options: { email?: string; tokens?: number; showWelcome?: boolean; locale?: "pl" | "en"; baseURL?: string; open?: boolean } = {},
): Promise<TestAccount> {
  const origin = options.baseURL ?? workerServer(test.info().parallelIndex)?.baseURL ?? test.info().project.use.baseURL!;
  const account = await createAccount(page.request, origin, options);
  if (options.open !== false) await page.goto(`${origin}${options.locale === "en" ? "/en/design" : "/design"}`);
  return account;
}

async function createAccount(
  request: APIRequestContext,
  origin: string,
  options: { email?: string; tokens?: number; showWelcome?: boolean; locale?: "pl" | "en" },
): Promise<TestAccount> {
  const email = options.email ?? freshEmail("konto");
  const response = await request.post(`${origin}/api/test/sign-in`, {
    headers: { origin },
    data: { email, password: TEST_PASSWORD, tokens: options.tokens, showWelcome: options.showWelcome ?? false, locale: options.locale },
  });
  expect(response.status(), `POST ${origin}/api/test/sign-in (is the server started with E2E_SIGN_IN=true?): ${await response.text()}`).toBe(201);
  const { userId, balance } = (await response.json()) as { userId: string; balance: number };
  return { email, password: TEST_PASSWORD, userId, balance };
}

type Options = { tokens: number | undefined; showWelcome: boolean; accountLocale: "pl" | "en" };

export const test = base.extend<Options & { account: TestAccount }, { server: E2EServer | null }>({
  tokens: [undefined, { option: true }],
  showWelcome: [false, { option: true }],
  accountLocale: ["pl", { option: true }],

  server: [
    async ({}, provide, workerInfo) => {
      const server = workerServer(workerInfo.parallelIndex);
      if (server) process.env.E2E_DATA_DIR = server.dataDir;
      await provide(server);
    },
    { scope: "worker", auto: true },
  ],

  baseURL: async ({ server, baseURL }, provide) => {
    await provide(server?.baseURL ?? baseURL);
  },

  page: async ({ page }, provide) => {
    for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
      const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
      (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await provide(page);
  },

  account: async ({ page, baseURL, tokens, showWelcome, accountLocale }, provide) => {
    const account = await createAccount(page.request, baseURL!, { tokens, showWelcome, locale: accountLocale });
    await page.goto(accountLocale === "en" ? "/en/design" : "/design");
    await provide(account);
  },
});

export { expect };
