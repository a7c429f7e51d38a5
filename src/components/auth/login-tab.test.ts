import { describe, expect, it } from "vitest";
import { loginTabOf, signUpHref } from "./login-tab";

describe("links to the login page's panels", () => {
  it("a free start opens the sign-up panel, in each language", () => {
    expect(signUpHref("pl")).toBe("/login?tab=register");
    expect(signUpHref("en")).toBe("/en/login?tab=register");
    expect(loginTabOf(new URL(signUpHref("en"), "http://x").searchParams.get("tab"))).toBe("signUp");
  });
});
