import { describe, expect, it } from "vitest";
import { openSessionUser, sealSessionUser } from "./seal-session-user";

const user = { id: "u1", email: "ala@example.test", emailVerified: true };
const sessionCookie = "token.signature";

describe("the session seal between the proxy and the render", () => {
  it("opens to the user it sealed, for the same session cookie, within its seconds", () => {
    const value = sealSessionUser({ user, sessionCookie, now: 1_000 });
    expect(openSessionUser({ value, sessionCookie, now: 1_000 })).toEqual(user);
  });

  it("opens to nothing when forged, for another session cookie, stale, or missing", () => {
    const value = sealSessionUser({ user, sessionCookie, now: 1_000 });
    const [payload, signature] = value.split(".");
    const otherUser = Buffer.from(JSON.stringify(["u2", "eve@example.test", true, 1_000_000])).toString("base64url");
    expect(openSessionUser({ value: `${otherUser}.${signature}`, sessionCookie, now: 1_000 })).toBeNull();
    expect(openSessionUser({ value: `${payload}.${"A".repeat(43)}`, sessionCookie, now: 1_000 })).toBeNull();
    expect(openSessionUser({ value: payload!, sessionCookie, now: 1_000 })).toBeNull();
    expect(openSessionUser({ value, sessionCookie: "other.signature", now: 1_000 })).toBeNull();
    expect(openSessionUser({ value, sessionCookie: undefined, now: 1_000 })).toBeNull();
    expect(openSessionUser({ value, sessionCookie, now: 1_000 + 60_000 })).toBeNull();
    expect(openSessionUser({ value: null, sessionCookie, now: 1_000 })).toBeNull();
  });
});
