import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import type { Handle } from "@/server/db/client";
import { rateLimit, user, verification } from "@/server/db/schema";
import { signUpSchema, fieldErrors } from "@/schemas/auth";
import { installDatabase, testDatabases } from "~/tests/support/databases";
import { createAuth, type Auth } from "./auth";
import { claimSignInAttempt } from "./claim-sign-in-attempt";
import { checkNewPassword } from "./check-new-password";
import { signInBackoff, signInKeys } from "./sign-in-backoff";

process.env.APP_URL = "http://localhost:3000";
const SECRET = "account-security-test-secret-0123456789abcdef0123";
const PASSWORD = "zielony-parapet-7";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aranzer-security-"));
  process.env.DATA_DIR = dataDir; // read once, when the mail transport is first made
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// Every request from its own client address, unless a test says otherwise: the per-address limits of
// the auth library must not be what stops an attack here.
let nextAddress = 0;
function freshAddress(): string {
  nextAddress++;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

async function call(auth: Auth, endpoint: string, body: unknown, options: { ip?: string; cookie?: string } = {}) {
  const response = await auth.handler(
    new Request(`http://localhost:3000/api/auth${endpoint}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        "x-forwarded-for": options.ip ?? freshAddress(),
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as { code?: string; message?: string } | null };
}

let unique = 0;
const newEmail = (tag: string) => `${tag}-${Date.now()}-${++unique}@example.test`;

/** The Subject header with its RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const header = raw.match(/^Subject: (.+(?:\r?\n[ \t].+)*)/m)![1]!.replace(/\?=\s+=\?/g, "?==?");
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) => {
    if (kind.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  });
}

/** Subjects of the mails in the outbox addressed to `to` (the To header, whatever the file is called). */
async function subjectsTo(to: string): Promise<string[]> {
  const dir = path.join(dataDir, "mail");
  const files = await readdir(dir).catch(() => [] as string[]);
  const raws = await Promise.all(files.map((f) => readFile(path.join(dir, f), "utf8")));
  return raws.filter((raw) => raw.includes(`To: ${to}`)).map(subjectOf);
}
const WARNING = "Nieudane próby logowania do Aranżera";

/** The confirmation link of the newest confirmation mail to `to`, as its reader would click it. */
async function confirmationLink(to: string): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const raws = await Promise.all((await readdir(dir)).sort().map((f) => readFile(path.join(dir, f), "utf8")));
  const decoded = raws
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  const links = decoded.flatMap((text) => text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=[^\s"<]+/g) ?? []);
  return links.at(-1)!.replace(/&amp;/g, "&");
}

describe.each(testDatabases())("account security on $name", ({ open }) => {
  let handle: Handle;
  let auth: Auth;
  beforeAll(async () => {
    handle = await open();
    installDatabase(handle);
    auth = createAuth(handle.db, SECRET);
  });
  afterAll(async () => {
    await handle.close();
  });

  async function confirmedAccount(email = newEmail("owner"), password = PASSWORD) {
    expect((await call(auth, "/sign-up/email", { email, password, name: "Owner" })).status).toBe(200);
    await handle.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    return email;
  }

  async function signIn(email: string, password: string, ip?: string) {
    const result = await call(auth, "/sign-in/email", { email, password }, { ip });
    return result;
  }

  async function requestResetLinks(email: string, count: number): Promise<string[]> {
    for (let i = 0; i < count; i++) expect((await call(auth, "/request-password-reset", { email, redirectTo: "/login?reset" })).status).toBe(200);
    const [owner] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const rows = await handle.db.select().from(verification).where(eq(verification.value, owner!.id));
    return rows.filter((r) => r.identifier.startsWith("reset-password:")).map((r) => r.identifier.slice("reset-password:".length));
  }

  describe("reset links", () => {
    it("using one reset link invalidates every other outstanding link of the user", async () => {
      const email = await confirmedAccount();
      const tokens = await requestResetLinks(email, 3);
      expect(tokens).toHaveLength(3);
      expect((await call(auth, "/reset-password", { token: tokens[1], newPassword: "nowe-haslo-po-resecie" })).status).toBe(200);
      for (const token of [tokens[0], tokens[2]]) {
        const again = await call(auth, "/reset-password", { token, newPassword: "haslo-napastnika-2" });
        expect(again.status).toBe(400);
        expect(again.body?.code).toBe("INVALID_TOKEN");
      }
      expect((await signIn(email, "nowe-haslo-po-resecie")).status).toBe(200);
    });

    it("changing the password invalidates outstanding reset links", async () => {
      const email = await confirmedAccount();
      const tokens = await requestResetLinks(email, 2);
      const signedIn = await auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": freshAddress() },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
      );
      const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const changed = await call(auth, "/change-password", { currentPassword: PASSWORD, newPassword: "zmienione-haslo-42" }, { cookie });
      expect(changed.status).toBe(200);
      for (const token of tokens) expect((await call(auth, "/reset-password", { token, newPassword: "haslo-napastnika-3" })).body?.code).toBe("INVALID_TOKEN");
      const left = await handle.db.select().from(verification).where(like(verification.identifier, "reset-password:%"));
      expect(left.filter((r) => tokens.includes(r.identifier.slice("reset-password:".length)))).toEqual([]);
    });
  });

  describe("failed sign-ins per account", () => {
    it("pauses an account after 5 wrong passwords from 5 addresses, also for the right one from a sixth, with Retry-After; the owner gets one e-mail", async () => {
      const email = await confirmedAccount();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await signIn(email, `zle-haslo-${i}-xyz`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      const right = await signIn(email, PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body?.code).toBe("SIGN_IN_PAUSED");
      const retryAfter = Number(right.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(signInBackoff.firstPauseMs / 1000);
      expect((await subjectsTo(email)).filter((s) => s === WARNING)).toHaveLength(1);
      // The auth library prunes rate-limit rows older than its longest window (10 minutes): this one
      // holds the moment it may be forgotten, a day ahead, so the pause outlives the pruning.
      const [row] = await handle.db.select().from(rateLimit).where(eq(rateLimit.key, signInKeys(email).failures));
      expect(row!.lastRequest).toBeGreaterThan(Date.now() + signInBackoff.forgetAfterMs - 60_000);
    });

    it("does not lock the owner out: a reset link by e-mail ends the pause", async () => {
      const email = await confirmedAccount();
      for (let i = 0; i < 5; i++) await signIn(email, `zle-haslo-${i}-abc`);
      expect((await signIn(email, PASSWORD)).status).toBe(429);
      // The reset request itself is not paused.
      const [token] = await requestResetLinks(email, 1);
      expect((await call(auth, "/reset-password", { token, newPassword: "wlasciciel-wraca-9" })).status).toBe(200);
      expect((await signIn(email, "wlasciciel-wraca-9")).status).toBe(200);
    });

    it("any way in ends the pause: here the confirmation link of a new account", async () => {
      const email = newEmail("newcomer");
      expect((await call(auth, "/sign-up/email", { email, password: PASSWORD, name: "New" })).status).toBe(200);
      // Unconfirmed, so even the right password is refused (as a wrong one), and counted.
      for (let i = 0; i < 5; i++) expect((await signIn(email, PASSWORD)).status).toBe(401);
      expect((await signIn(email, PASSWORD)).status).toBe(429);
      const confirmed = await auth.handler(new Request(await confirmationLink(email), { headers: { "x-forwarded-for": freshAddress() } }));
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.getSetCookie().some((c) => c.startsWith("aranzer.session_token="))).toBe(true);
      expect((await signIn(email, PASSWORD)).status).toBe(200);
    });

    it("an address without an account is paused alike (no hint that it has none) and nobody is e-mailed", async () => {
      const email = newEmail("nobody");
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await signIn(email, `zle-haslo-${i}-def`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect(await subjectsTo(email)).toEqual([]);
    });

    it("lets at most 5 of 20 simultaneous guesses from 20 addresses reach the password check", async () => {
      const email = await confirmedAccount();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email, `rownolegle-${i}-haslo`)));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it("backs off: the pause doubles with each further failure, up to an hour, and a day without failures forgets them", async () => {
      const email = newEmail("clock");
      const db = handle.db;
      const t0 = Date.UTC(2030, 0, 1);
      for (let i = 0; i < 5; i++) expect(await claimSignInAttempt({ email, db, now: t0 + i })).toMatchObject({ allowed: true, failures: i + 1 });
      const last = t0 + 4;
      expect(await claimSignInAttempt({ email, db, now: last + 59_000 })).toEqual({ allowed: false, retryAfterSeconds: 1 });
      let at = last + 60_000;
      for (const minutes of [2, 4, 8, 16, 32, 60, 60]) {
        expect(await claimSignInAttempt({ email, db, now: at })).toMatchObject({ allowed: true });
        expect(await claimSignInAttempt({ email, db, now: at + minutes * 60_000 - 1000 })).toEqual({ allowed: false, retryAfterSeconds: 1 });
        at += minutes * 60_000;
      }
      expect(await claimSignInAttempt({ email, db, now: at + signInBackoff.forgetAfterMs })).toEqual({ allowed: true, failures: 1 });
    });
  });

  describe("new passwords (NIST SP 800-63B)", () => {
    const refusedOnSignUp = [
      ["123456", "PASSWORD_TOO_SHORT"],
      ["      ", "PASSWORD_TOO_SHORT"],
      // 8 UTF-16 units, 4 characters: the library alone would count 8.
      ["🔑🔑🔑🔑", "PASSWORD_TOO_SHORT"],
      ["password", "PASSWORD_TOO_COMMON"],
      ["Password1", "PASSWORD_TOO_COMMON"],
      ["qwertyuiop", "PASSWORD_TOO_COMMON"],
      ["        ", "PASSWORD_TOO_COMMON"],
      ["aaaaaaaaaa", "PASSWORD_TOO_COMMON"],
      ["x".repeat(129), "PASSWORD_TOO_LONG"],
    ] as const;

    it.each(refusedOnSignUp)("sign-up refuses %j with %s, and creates no account", async (password, code) => {
      const email = newEmail("weak");
      const result = await call(auth, "/sign-up/email", { email, password, name: "Weak" });
      expect(result.status).toBe(400);
      expect(result.body?.code).toBe(code);
      expect(await handle.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    });

    it("accepts 8 characters of any script, counted as people count them, and long passphrases", async () => {
      await confirmedAccount(newEmail("zazolc"), "zażółćgę");
      await confirmedAccount(newEmail("emoji"), "🔑🏠🌿🪟🛋️🕯️📚🎨");
      await confirmedAccount(newEmail("long"), "cztery słowa, które pamiętam ".repeat(4).slice(0, 128));
    });

    it("refuses a password made of the address", async () => {
      const result = await call(auth, "/sign-up/email", { email: `zofia.nowak-${Date.now()}@example.test`, password: `Zofia.Nowak-${Date.now()}`, name: "Z" });
      expect(result.body?.code).toBe("PASSWORD_TOO_COMMON");
    });

    it("applies the same rules on reset and on change", async () => {
      const email = await confirmedAccount();
      const [token] = await requestResetLinks(email, 1);
      expect((await call(auth, "/reset-password", { token, newPassword: "iloveyou" })).body?.code).toBe("PASSWORD_TOO_COMMON");
      expect((await call(auth, "/reset-password", { token, newPassword: "abc" })).body?.code).toBe("PASSWORD_TOO_SHORT");
      const signedIn = await auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": freshAddress() },
          body: JSON.stringify({ email, password: PASSWORD }),
        }),
      );
      const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const changed = await call(auth, "/change-password", { currentPassword: PASSWORD, newPassword: "12345678" }, { cookie });
      expect(changed.status).toBe(400);
      expect(changed.body?.code).toBe("PASSWORD_TOO_COMMON");
    });

    it("the sign-up form's schema and the server agree on length; the list is the server's, and comes back as the field's error", async () => {
      for (const password of ["123456", "🔑🔑🔑🔑", "zażółćgę", "password", "x".repeat(129), "zielony-parapet-7"]) {
        const form = signUpSchema.safeParse({ email: "a@example.test", password });
        const formKey = form.success ? null : fieldErrors(form.error).password;
        const serverKey = checkNewPassword({ password });
        if (serverKey === "passwordTooCommon") expect(formKey).toBeNull();
        else expect(formKey ?? null).toBe(serverKey);
      }
    });
  });

  describe("no account enumeration by sign-up then sign-in", () => {
    it("answers a new, unconfirmed account exactly as an existing account with another password", async () => {
      const existing = await confirmedAccount();
      const fresh = newEmail("fresh");
      const attempts = [];
      for (const email of [existing, fresh]) {
        expect((await call(auth, "/sign-up/email", { email, password: "proba-wyliczenia-5", name: "X" })).status).toBe(200);
        attempts.push(await signIn(email, "proba-wyliczenia-5"));
      }
      const [forExisting, forFresh] = attempts;
      expect(forExisting!.status).toBe(401);
      expect(forFresh!.status).toBe(forExisting!.status);
      expect(forFresh!.body).toEqual(forExisting!.body);
    });
  });

  describe("field lengths at the API", () => {
    it("refuses an e-mail over 254 characters with 400 before it reaches the database", async () => {
      const email = `${"a".repeat(64)}@${"b".repeat(186)}.test`; // 255
      for (const [endpoint, body] of [
        ["/sign-up/email", { email, password: PASSWORD, name: "Long" }],
        ["/sign-in/email", { email, password: PASSWORD }],
        ["/request-password-reset", { email }],
        ["/send-verification-email", { email }],
      ] as const) {
        const result = await call(auth, endpoint, body);
        expect(result.status, endpoint).toBe(400);
        expect(result.body?.code).toBe("EMAIL_TOO_LONG");
      }
      const megabyte = `${"a".repeat(1_000_000)}@example.test`;
      expect((await call(auth, "/sign-up/email", { email: megabyte, password: PASSWORD, name: "Huge" })).body?.code).toBe("EMAIL_TOO_LONG");
      expect(await handle.db.select({ id: user.id }).from(user).where(like(user.email, "aaaaaaaaaa%"))).toEqual([]);
    });

    it("refuses a name over 100 characters", async () => {
      const result = await call(auth, "/sign-up/email", { email: newEmail("name"), password: PASSWORD, name: "ż".repeat(101) });
      expect(result.status).toBe(400);
      expect(result.body?.code).toBe("NAME_TOO_LONG");
      expect((await call(auth, "/sign-up/email", { email: newEmail("name"), password: PASSWORD, name: "ż".repeat(100) })).status).toBe(200);
    });
  });

  it("keeps no `image` of an account, however long, from sign-up or a later update", async () => {
    const email = newEmail("image");
    const huge = `data:image/png;base64,${"A".repeat(2_000_000)}`;
    expect((await call(auth, "/sign-up/email", { email, password: PASSWORD, name: "Image", image: huge })).status).toBe(200);
    const stored = async () => (await handle.db.select({ image: user.image }).from(user).where(eq(user.email, email)))[0]?.image;
    expect(await stored()).toBeNull();
    await handle.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const signedIn = await call(auth, "/sign-in/email", { email, password: PASSWORD });
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect((await call(auth, "/update-user", { image: huge }, { cookie })).status).toBe(200);
    expect(await stored()).toBeNull();
  });

  it("a 429 of the per-address limit carries Retry-After, not only X-Retry-After", async () => {
    const ip = freshAddress();
    let last = await signIn(newEmail("ip"), "zle-haslo-ip-1", ip);
    for (let i = 0; i < 5; i++) last = await signIn(newEmail("ip"), "zle-haslo-ip-1", ip);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.headers.get("retry-after")).toBe(last.headers.get("x-retry-after"));
  });
});
