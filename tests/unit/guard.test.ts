import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { serializeSignedCookie } from "better-call";
import type { Handle } from "@/server/db/client";
import { session } from "@/server/db/schema";
import { RETURN_TO_COOKIE } from "@/config/cookies";
import { openSessionUser, SESSION_SEAL_HEADER } from "@/server/auth/seal-session-user";
import { installDatabase, insertUser, testDatabases } from "../support/databases";

const SECRET = "test-secret-that-is-long-enough-for-better-auth-0123456789";
process.env.AUTH_SECRET = SECRET;
process.env.APP_URL = "http://localhost:3000";

/** A session made at the database level, and the signed cookie a browser would hold for it. */
async function fakeSession(handle: Handle, expiresAt = new Date(Date.now() + 86_400_000), userId?: string): Promise<string> {
  userId ??= await insertUser(handle);
  const token = randomUUID().replace(/-/g, "");
  await handle.db.insert(session).values({ id: randomUUID(), token, userId, expiresAt });
  const serialized = await serializeSignedCookie("aranzer.session_token", token, SECRET);
  return serialized.split(";")[0]!;
}

function request(path: string, cookie?: string, extra: Record<string, string> = {}) {
  return new NextRequest(new URL(path, "http://localhost:3000"), { headers: { ...extra, ...(cookie ? { cookie } : {}) } });
}

/** The seal the proxy handed to the render of this request (Next carries overridden request headers this way). */
const sealOf = (response: Response) => response.headers.get(`x-middleware-request-${SESSION_SEAL_HEADER}`);

describe("sign-in guard", () => {
  let handle: Handle;
  let proxy: (request: NextRequest) => Promise<Response>;

  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    installDatabase(handle);
    proxy = (await import("~/proxy")).default;
  });
  afterAll(async () => {
    await handle.close();
  });

  it.each([
    ["/design", "/login"],
    ["/settings/profile", "/login"],
    ["/subskrypcje-testowe", "/login"],
    ["/en/generations", "/en/login"],
  ])("sends a visitor without a session from %s to %s and keeps the attempted path", async (path, login) => {
    const response = await proxy(request(`${path}?tab=1`));
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location")!).pathname).toBe(login);
    expect(response.headers.get("set-cookie")).toContain(`${RETURN_TO_COOKIE}=${encodeURIComponent(`${path}?tab=1`)}`);
  });

  it("does not remember prefetched pages as the place to return to", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/generations", { headers: { rsc: "1", "sec-fetch-dest": "empty" } }));
    expect(response.status).toBe(307);
    expect(response.headers.get("set-cookie") ?? "").not.toContain(RETURN_TO_COOKIE);
  });

  it("lets a visitor with a valid database session through", async () => {
    const cookie = await fakeSession(handle);
    const response = await proxy(request("/design", cookie));
    expect(response.headers.get("location")).toBeNull();
    expect(response.status).toBe(200);
  });

  it("hands the user it verified to the render, sealed to the request's session cookie", async () => {
    const userId = await insertUser(handle);
    const cookie = await fakeSession(handle, undefined, userId);
    const response = await proxy(request("/en/generations", cookie));
    expect(response.status).toBe(200);
    const sessionCookie = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
    expect(openSessionUser({ value: sealOf(response), sessionCookie })?.id).toBe(userId);
  });

  it("passes on no seal a client sent, with or without a session", async () => {
    const cookie = await fakeSession(handle);
    const forged = { [SESSION_SEAL_HEADER]: "forged.seal" };
    for (const response of [await proxy(request("/cennik", cookie, forged)), await proxy(request("/cennik", undefined, forged))]) {
      expect(response.status).toBe(200);
      expect(sealOf(response)).toBeNull();
    }
    const expired = await fakeSession(handle, new Date(Date.now() - 1000));
    const refused = await proxy(request("/design", expired, forged));
    expect(refused.status).toBe(307);
    expect(sealOf(refused)).toBeNull();
  });

  it("rolls a session that is more than a day old: new expiry in the database and a fresh cookie", async () => {
    const day = 86_400_000;
    const cookie = await fakeSession(handle, new Date(Date.now() + 398 * day)); // as if made two days ago
    const response = await proxy(request("/design", cookie));
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("aranzer.session_token=");
    expect(setCookie).toMatch(/Max-Age=34560000/i);
  });

  it("refuses a forged cookie", async () => {
    const response = await proxy(request("/design", "aranzer.session_token=forged.signature"));
    expect(response.status).toBe(307);
  });

  it("keeps a return path handed over as /login?return= and shows the clean login URL", async () => {
    const response = await proxy(request("/en/login?return=%2Fen%2Fsettings%2Fprofile"));
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location")!).pathname + new URL(response.headers.get("location")!).search).toBe("/en/login");
    expect(response.headers.get("set-cookie")).toContain(`${RETURN_TO_COOKIE}=${encodeURIComponent("/en/settings/profile")}`);
    const foreign = await proxy(request("/login?return=%2F%2Fevil.example"));
    expect(foreign.headers.get("set-cookie") ?? "").not.toContain(RETURN_TO_COOKIE);
  });

  it("does not guard public pages", async () => {
    const response = await proxy(request("/cennik"));
    expect(response.headers.get("location")).toBeNull();
  });

  it("refuses a cross-origin state change, or one without an origin, with the usual error answer in the page's language", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/api/auth/sign-out", { method: "POST", headers: { origin: "https://evil.example" } }));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: { code: "FORBIDDEN", details: { reason: "crossOrigin" }, message: "Tę operację można wykonać tylko na stronach Aranżera. Odśwież stronę i spróbuj ponownie." } });
    const bare = await proxy(new NextRequest("http://localhost:3000/api/listings", { method: "POST", headers: { referer: "http://localhost:3000/en/listings" } }));
    expect([bare.status, (await bare.json()).error.message]).toEqual([403, "This can only be done from Aranżer's own pages. Reload the page and try again."]);
  });

  it("serves the English legal pages at the root and redirects their /en copies there", async () => {
    const root = await proxy(request("/privacy-policy"));
    expect(root.headers.get("x-middleware-rewrite")).toContain("/en/privacy");
    const prefixed = await proxy(request("/en/privacy-policy"));
    expect(prefixed.status).toBe(308);
    expect(new URL(prefixed.headers.get("location")!).pathname).toBe("/privacy-policy");
  });

  it("gives crawlers a plain 404 for unknown paths", async () => {
    const response = await proxy(new NextRequest("http://localhost:3000/nope", { headers: { "user-agent": "Googlebot/2.1" } }));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Page not found: /nope");
  });
});
