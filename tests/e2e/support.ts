/**
 * Helpers for the end-to-end specs: the route table, axe checks, colour mode, and the .eml outbox.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { locales, pathFor, routes, type Access, type Locale, type RouteKey, type StaticRouteKey } from "../../src/config/routes";

// ---------------------------------------------------------------------------------------------------------
// Fixture (tests/e2e/fixtures.ts; re-exported so that older specs' imports keep working)

import { TEST_PASSWORD } from "./fixtures";
export { expect, signIn, test } from "./fixtures";

// ---------------------------------------------------------------------------------------------------------
// Routes

export type RouteRow = {
  key: StaticRouteKey;
  access: Access;
  indexable: boolean;
  /** Public path per language, e.g. { pl: "/cennik", en: "/en/pricing" }. */
  paths: Record<Locale, string>;
};

/** Every static route of src/config/routes.ts with its public path in each language (dynamic ones left out). */
export function routeTable(): RouteRow[] {
  return (Object.keys(routes) as RouteKey[])
    .filter((key): key is StaticRouteKey => !key.includes("["))
    .map((key) => ({
      key,
      access: routes[key].access,
      indexable: routes[key].indexable,
      paths: Object.fromEntries(locales.map((locale) => [locale, pathFor(key, locale)])) as Record<Locale, string>,
    }));
}

export { locales, pathFor };

/** The reading pages (legal texts and the blog), checked in a spec of their own beside the product's pages. */
export const READING_PAGES: readonly string[] = ["/terms", "/privacy", "/information-obligation", "/blog"];

/**
 * A public page in one language: served with 200 and its language, a heading, hreflang to both languages,
 * and no axe violation (in both colour modes for the Polish version: the English one is the same components
 * with the same colours and other words).
 */
export async function expectAccessiblePublicPage(page: Page, row: RouteRow, locale: Locale): Promise<void> {
  const path = row.paths[locale];
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.locator("main h1").first()).toBeVisible();
  for (const language of locales) {
    const href = await page.locator(`link[rel="alternate"][hreflang="${language}"]`).getAttribute("href");
    expect(new URL(href ?? "", "http://x").pathname).toBe(row.paths[language]);
  }
  if (locale === "pl") await expectNoAxeViolationsInBothModes(page, path);
  else await expectNoAxeViolations(page, path);
}

// ---------------------------------------------------------------------------------------------------------
// Accessibility

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type AxeOptions = {
  /** CSS selectors to leave out (use sparingly, and say why at the call site). */
  exclude?: string[];
  /** axe rule ids to switch off (same). */
  disableRules?: string[];
  /** Only these rules (of the WCAG tags), e.g. COLOUR_RULES. */
  onlyRules?: string[];
};

/**
 * The axe rules whose outcome depends on colours: the only ones the colour mode can change, since the mode
 * is a class that swaps colours (no element is shown or hidden by it: no `dark:hidden` and the like in src/).
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

export function formatAxeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 10).map((node) => {
        const target = node.target.map((t) => (Array.isArray(t) ? t.join(" >>> ") : String(t))).join(", ");
        const summary = (node.failureSummary ?? "")
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 4)
          .join(" / ")
          .replace(/: \/ /g, ": ");
        return `      - ${target}${summary ? `\n          ${summary}` : ""}`;
      });
      const more = v.nodes.length > 10 ? [`      … and ${v.nodes.length - 10} more`] : [];
      return [`  [${v.impact ?? "unknown"}] ${v.id}: ${v.help}`, `      ${v.helpUrl}`, ...nodes, ...more].join("\n");
    })
    .join("\n");
}

/** Runs axe (WCAG 2.0/2.1 A+AA and 2.2 AA) on the current page; fails listing rule, impact, targets and help. */
export async function expectNoAxeViolations(page: Page, context: string, options: AxeOptions = {}): Promise<void> {
  // A page that arrived by client navigation fades in (page-enter, 180 ms), dialogs animate open, and a
  // button that opened under the pointer starts a colour transition; axe would measure half-way colours.
  // Move the pointer away, then wait until no finite animation or transition has run for two frames.
  await page.mouse.move(0, 0);
  // Bounded: an animation whose `finished` never settles (seen once on a slow host) must not hang the test;
  // what still runs after that is printed, and axe judges the page as it is.
  const stillRunning = await page.evaluate(async () => {
    const atMost = (ms: number, work: Promise<unknown>) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);
    const nextFrame = () => atMost(200, new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const running = () =>
      document.getAnimations().filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().iterations !== Infinity);
    for (let round = 0; round < 20; round++) {
      const now = running();
      if (now.length === 0 && round > 0) return [];
      await atMost(1000, Promise.all(now.map((animation) => animation.finished.catch(() => undefined))));
      await nextFrame();
    }
    return running().map((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      const name = "animationName" in animation ? animation.animationName : "transitionProperty" in animation ? animation.transitionProperty : animation.id;
      return `${String(name)} on ${target?.tagName ?? "?"}.${target instanceof Element ? target.className : ""}`;
    });
  });
  if (stillRunning.length) console.warn(`axe on ${context}: animations still running after the wait: ${stillRunning.join("; ")}`);
  // An open dialog hides the page behind it from assistive technology in an effect after it opens; until
  // then axe would judge the dimmed page under the overlay as if a reader could see it.
  await page.waitForFunction(() => {
    const dialogOpen = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
    return !dialogOpen || document.querySelector("#main")?.closest('[aria-hidden="true"], [inert]') !== null;
  });
  // Violations only (axe then skips working out selectors for what passed), run in the page itself (our pages
  // have no frames, so the blank page axe otherwise opens to merge frames' results is not needed): a third of
  // the time (docs/testing.md). Options first: `options()` replaces what withRules, withTags and disableRules set.
  const base = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true);
  let builder = options.onlyRules ? base.withRules(options.onlyRules) : base.withTags(WCAG_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const message = violations.length
    ? `axe found ${violations.length} violation${violations.length === 1 ? "" : "s"} on ${context} (${page.url()}):\n${formatAxeViolations(violations)}`
    : "";
  expect(violations.length, message).toBe(0);
}

/**
 * All of axe on the page in light mode, then the colour rules in dark mode, switched in place as a device's
 * setting does (the page follows prefers-color-scheme when no mode is stored, so do not call setColorMode
 * first). One load instead of two; the dark pass leaves out what the mode cannot change.
 */
export async function expectNoAxeViolationsInBothModes(page: Page, context: string, options: AxeOptions = {}): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
  await expectNoAxeViolations(page, `${context} (light)`, options);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.classList.contains("dark"));
  await expectNoAxeViolations(page, `${context} (dark)`, { ...options, onlyRules: COLOUR_RULES });
  await page.emulateMedia({ colorScheme: "light" });
}

// ---------------------------------------------------------------------------------------------------------
// Colour mode

export const COLOR_MODE_STORAGE_KEY = "aranzer-color-mode";

/** Stores the colour mode before any page script runs (and matches prefers-color-scheme). Call before goto. */
export async function setColorMode(page: Page, mode: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: mode });
  await page.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // Storage can be unavailable on some origins (about:blank); the next navigation sets it.
      }
    },
    [COLOR_MODE_STORAGE_KEY, mode] as const,
  );
}

// ---------------------------------------------------------------------------------------------------------
// Mail outbox ($E2E_DATA_DIR/mail/*.eml, written by the app through nodemailer)

export type Email = {
  subject: string;
  /** The text/plain part (or the HTML part stripped of tags when there is no plain part). */
  text: string;
  html: string | null;
  /** Absolute http(s) links from the text and HTML parts, in order, without duplicates. */
  links: string[];
  to: string;
  from: string;
  file: string;
};

export function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set; run the specs through playwright.config.ts");
  return path.join(dataDir, "mail");
}

type Part = { headers: Map<string, string>; body: Buffer };

function splitHeaders(raw: Buffer): Part {
  const text = raw.toString("latin1");
  const match = /\r?\n\r?\n/.exec(text);
  const headerText = match ? text.slice(0, match.index) : text;
  const body = match ? raw.subarray(match.index + match[0].length) : Buffer.alloc(0);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of headerText.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return { headers, body };
}

function headerParam(value: string, param: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeCharset(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

function decodeQuotedPrintable(input: string, underscoreIsSpace = false): Buffer {
  const s = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (ch === "_" && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      // Header/body text was read as latin1, so each char is one byte.
      bytes.push(ch.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), joining adjacent ones before decoding. */
export function decodeMimeHeader(value: string): string {
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  let out = "";
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = null;
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    const charset = m[1]!.split("*")[0]!;
    const bytes = m[2]!.toUpperCase() === "B" ? Buffer.from(m[3]!, "base64") : decodeQuotedPrintable(m[3]!, true);
    if (pending && /^\s*$/.test(between) && pending.charset.toLowerCase() === charset.toLowerCase()) {
      pending.bytes.push(bytes);
    } else {
      flush();
      out += decodeCharset(Buffer.from(between, "latin1"), "utf-8");
      pending = { charset, bytes: [bytes] };
    }
    last = m.index + m[0].length;
  }
  flush();
  out += decodeCharset(Buffer.from(value.slice(last), "latin1"), "utf-8");
  return out;
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const charset = headerParam(part.headers.get("content-type") ?? "", "charset") ?? "utf-8";
  let bytes: Buffer;
  if (encoding === "base64") bytes = Buffer.from(part.body.toString("latin1").replace(/\s+/g, ""), "base64");
  else if (encoding === "quoted-printable") bytes = decodeQuotedPrintable(part.body.toString("latin1"));
  else bytes = part.body;
  return decodeCharset(bytes, charset);
}

/** Collects text/plain and text/html leaves; throws when a multipart is incomplete (file still being written). */
function collectParts(part: Part, found: { text?: string; html?: string }): void {
  const contentType = part.headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = headerParam(contentType, "boundary");
    if (!boundary) throw new Error("multipart without boundary");
    const raw = part.body.toString("latin1");
    const delimiter = `--${boundary}`;
    if (!raw.includes(`${delimiter}--`)) throw new Error("incomplete multipart (no closing boundary)");
    const sections = raw.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
    // sections[0] is the preamble, the last one the epilogue.
    for (const section of sections.slice(1, -1)) {
      if (section.trim() === "") continue;
      collectParts(splitHeaders(Buffer.from(section, "latin1")), found);
    }
    return;
  }
  const disposition = (part.headers.get("content-disposition") ?? "").toLowerCase();
  if (disposition.startsWith("attachment")) return;
  if (type === "text/plain" && found.text === undefined) found.text = decodeBody(part);
  if (type === "text/html" && found.html === undefined) found.html = decodeBody(part);
}

function decodeHtmlEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

function extractLinks(text: string, html: string | null): string[] {
  const links: string[] = [];
  for (const m of text.matchAll(/https?:\/\/[^\s<>"'()[\]]+/g)) links.push(m[0].replace(/[.,;:!?]+$/, ""));
  if (html) for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const href = decodeHtmlEntities(m[1] ?? m[2] ?? "");
    if (/^https?:\/\//i.test(href)) links.push(href);
  }
  return [...new Set(links)];
}

/** Parses one .eml message (as written by nodemailer's stream transport). */
export function parseEml(raw: Buffer | string, file = ""): Email {
  const root = splitHeaders(typeof raw === "string" ? Buffer.from(raw, "utf8") : raw);
  const found: { text?: string; html?: string } = {};
  collectParts(root, found);
  const html = found.html ?? null;
  const text =
    found.text ??
    (html
      ? decodeHtmlEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, "").replace(/<br\s*\/?>|<\/p>/gi, "\n").replace(/<[^>]+>/g, ""))
      : "");
  return {
    subject: decodeMimeHeader(root.headers.get("subject") ?? ""),
    text,
    html,
    links: extractLinks(text, html),
    to: decodeMimeHeader([root.headers.get("to"), root.headers.get("cc"), root.headers.get("bcc")].filter(Boolean).join(", ")),
    from: decodeMimeHeader(root.headers.get("from") ?? ""),
    file,
  };
}

function addressedTo(email: Email, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  const addresses: string[] = email.to.toLowerCase().match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? [];
  return addresses.includes(wanted);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The newest message in $E2E_DATA_DIR/mail addressed to `address`, waiting up to `timeoutMs` (10 s) for one
 * to appear. `since` (epoch ms) ignores files last modified before it, e.g. `const t = Date.now()` before the
 * action that sends the mail.
 */
export async function latestEmailTo(address: string, options: { timeoutMs?: number; since?: number; dataDir?: string } = {}): Promise<Email> {
  const dir = options.dataDir ? path.join(options.dataDir, "mail") : mailDir();
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let seen: string[] = [];
  for (;;) {
    let files: { file: string; mtime: number }[] = [];
    try {
      files = readdirSync(dir)
        .filter((name) => name.endsWith(".eml"))
        .map((name) => {
          const file = path.join(dir, name);
          return { file, mtime: statSync(file).mtimeMs };
        })
        .filter(({ mtime }) => options.since === undefined || mtime >= options.since - 5)
        // Newest first; names break ties (they usually start with a timestamp).
        .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
    } catch {
      files = []; // The directory appears with the first message.
    }
    seen = [];
    for (const { file } of files) {
      let email: Email;
      try {
        email = parseEml(readFileSync(file), file);
      } catch {
        continue; // Still being written; try again on the next poll.
      }
      if (addressedTo(email, address)) return email;
      seen.push(email.to);
    }
    if (Date.now() >= deadline) break;
    await sleep(200);
  }
  throw new Error(
    `No email to ${address} in ${dir} within ${(options.timeoutMs ?? 10_000) / 1000} s` +
      (seen.length ? `; messages found are addressed to: ${[...new Set(seen)].join(" | ")}` : "; the outbox is empty"),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Accounts

export const PASSWORD = TEST_PASSWORD;

export function uniqueEmail(tag: string) {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
}

export async function register(page: Page, email: string, password = PASSWORD, locale: "pl" | "en" = "pl", baseURL = "") {
  await page.goto(`${baseURL}${locale === "pl" ? "/login" : "/en/login"}`);
  await page.getByRole("link", { name: locale === "pl" ? "Rejestracja" : "Sign up", exact: true }).click();
  await page.getByLabel(locale === "pl" ? "Adres e-mail" : "E-mail address").fill(email);
  await page.getByLabel(locale === "pl" ? "Hasło" : "Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: locale === "pl" ? "Załóż konto" : "Create account" }).click();
  await expect(page.getByRole("heading", { name: locale === "pl" ? "Sprawdź skrzynkę" : "Check your inbox" })).toBeVisible();
}

export async function confirmFromOutbox(page: Page, email: string, options: { dataDir?: string } = {}) {
  const mail = await latestEmailTo(email, options);
  const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  return mail;
}

/** Confirms from the outbox and closes the welcome modal, leaving the user on /design. */
export async function registerAndConfirm(page: Page, email: string, options: { baseURL?: string; dataDir?: string } = {}) {
  await register(page, email, PASSWORD, "pl", options.baseURL);
  await confirmFromOutbox(page, email, options);
  await expect(page).toHaveURL(/\/design$/);
  await page.getByRole("dialog").getByRole("button", { name: "Zamknij" }).first().click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

