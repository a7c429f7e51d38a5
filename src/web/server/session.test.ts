import { describe, expect, it, vi } from "vitest";
import { SESSION_SEAL_HEADER, sealSessionUser } from "@/server/auth/seal-session-user";
import { useInstalledPglite } from "~/tests/support/databases";

process.env.AUTH_SECRET = "test-secret-that-is-long-enough-for-better-auth-0123456789";
process.env.APP_URL = "http://localhost:3000";

let requestHeaders = new Headers();
vi.mock("next/headers", () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: (name: string) => (name === "aranzer.session_token" ? { value: "token.signature" } : undefined) }),
}));

describe("the signed-in user of a render", () => {
  useInstalledPglite();

  const user = { id: "sealed-user", email: "sealed@example.test", emailVerified: true };

  it("is the one the proxy sealed for this session cookie, without a second lookup", async () => {
    const { getSessionUser } = await import("./session");
    requestHeaders = new Headers({ cookie: "aranzer.session_token=token.signature", [SESSION_SEAL_HEADER]: sealSessionUser({ user, sessionCookie: "token.signature" }) });
    expect(await getSessionUser()).toEqual(user);
  });

  it("comes from the database when the seal is for another session cookie or stale, so an unknown session has none", async () => {
    const { getSessionUser } = await import("./session");
    for (const seal of [sealSessionUser({ user, sessionCookie: "other.signature" }), sealSessionUser({ user, sessionCookie: "token.signature", now: Date.now() - 60_000 })]) {
      requestHeaders = new Headers({ cookie: "aranzer.session_token=token.signature", [SESSION_SEAL_HEADER]: seal });
      expect(await getSessionUser()).toBeNull();
    }
  });
});
