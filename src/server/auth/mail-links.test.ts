import { afterAll, beforeAll, expect, it } from "vitest";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Handle } from "@/server/db/client";
import { installDatabase, testDatabases } from "~/tests/support/databases";
import { createAuth, type Auth } from "./auth";

// No APP_URL: the product runs on this machine, and a browser may have opened it as 127.0.0.1.
delete process.env.APP_URL;
process.env.PORT = "3000";
const ORIGIN = "http://127.0.0.1:3000";
const PASSWORD = "zielony-parapet-7";

let dataDir: string;
let handle: Handle;
let auth: Auth;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aranzer-mail-links-"));
  process.env.DATA_DIR = dataDir;
  handle = await testDatabases()[0]!.open();
  installDatabase(handle);
  auth = createAuth(handle.db, "mail-links-test-secret-0123456789abcdef0123456789");
});
afterAll(async () => {
  await handle.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signUp(email: string) {
  const response = await auth.handler(
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "127.0.0.1:3000", origin: ORIGIN, "x-forwarded-for": "10.0.0.1" },
      body: JSON.stringify({ email, password: PASSWORD, name: "Ola" }),
    }),
  );
  expect(response.status).toBe(200);
}

/** The links in the mails to `to`, quoted-printable decoded. */
async function linksTo(to: string): Promise<string[]> {
  const dir = path.join(dataDir, "mail");
  const raws = await Promise.all((await readdir(dir)).sort().map((f) => readFile(path.join(dir, f), "utf8")));
  return raws
    .filter((raw) => raw.includes(`To: ${to}`))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))))
    .flatMap((text) => text.match(/https?:\/\/[^\s"<]+/g) ?? []);
}

it("every e-mail link leads back to the address the person opened, including the taken-address warning", async () => {
  const email = `origin-${Date.now()}@example.test`;
  await signUp(email);
  await signUp(email); // taken: the owner is told by e-mail, with a link to sign in
  const links = (await linksTo(email)).filter((link) => !link.includes("/polityka") && !link.includes("/privacy"));
  expect(links.some((link) => link.startsWith(`${ORIGIN}/api/auth/verify-email`))).toBe(true);
  expect(links.some((link) => link.startsWith(`${ORIGIN}/login`))).toBe(true);
  expect(links.filter((link) => link.startsWith("http://localhost"))).toEqual([]);
});
