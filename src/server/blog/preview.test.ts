import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isPreviewRequest, isPreviewToken, PREVIEW_MAX_AGE, previewCookieValue, previewRedirectPath } from "./preview";

const token = "a-preview-token-of-24-chars-or-more";
const cookie = previewCookieValue(token);
const both = { preview: "1", staging: "" };

describe("the editor preview", () => {
  it("shows drafts with both parameters and the cookie made from PREVIEW_TOKEN", () => {
    expect(isPreviewRequest({ searchParams: both, cookie, token })).toBe(true);
  });

  it.each([
    ["no PREVIEW_TOKEN configured", { searchParams: both, cookie, token: undefined }],
    ["no cookie", { searchParams: both, cookie: undefined, token }],
    ["a cookie made from another token", { searchParams: both, cookie: previewCookieValue(`${token}x`), token }],
    ["the token itself as the cookie", { searchParams: both, cookie: token, token }],
    ["the former unsigned digest of the token", { searchParams: both, cookie: createHash("sha256").update(`aranzer.preview:${token}`).digest("base64url"), token }],
    ["a cookie whose issue time was changed", { searchParams: both, cookie: cookie.replace(/^\d+/, (t) => String(Number(t) + 1)), token }],
    ["an empty cookie", { searchParams: both, cookie: "", token }],
    ["only preview", { searchParams: { preview: "1" }, cookie, token }],
    ["only staging", { searchParams: { staging: "1" }, cookie, token }],
    ["neither parameter", { searchParams: {}, cookie, token }],
  ])("refuses with %s", (_, request) => {
    expect(isPreviewRequest(request)).toBe(false);
  });

  it("keeps the token out of the cookie, which carries its issue time and a signature", () => {
    expect(cookie).not.toContain(token);
    expect(cookie).toMatch(/^\d{10}\.[\w-]{43}$/);
  });

  it("expires the cookie after PREVIEW_MAX_AGE, refuses one issued in the future, and a new token revokes it", () => {
    const issued = Date.UTC(2026, 10, 1, 8);
    const value = previewCookieValue(token, issued);
    const at = (ms: number) => isPreviewRequest({ searchParams: both, cookie: value, token, now: ms });
    expect(at(issued)).toBe(true);
    expect(at(issued + PREVIEW_MAX_AGE * 1000)).toBe(true);
    expect(at(issued + PREVIEW_MAX_AGE * 1000 + 1000)).toBe(false);
    expect(at(issued - 10 * 60_000)).toBe(false);
    expect(isPreviewRequest({ searchParams: both, cookie: value, token: `${token}-rotated`, now: issued })).toBe(false);
  });

  it("accepts exactly the configured token, and none when none is configured", () => {
    expect(isPreviewToken(token, token)).toBe(true);
    for (const candidate of [`${token} `, token.slice(0, -1), "", null, undefined]) expect(isPreviewToken(candidate, token)).toBe(false);
    expect(isPreviewToken(token, undefined)).toBe(false);
  });

  it("redirects to a path of this site only, with the preview parameters added", () => {
    expect(previewRedirectPath("/blog/poradniki/oswietlenie")).toBe("/blog/poradniki/oswietlenie?preview=1&staging=1");
    expect(previewRedirectPath("/en/blog/x?preview&staging=yes")).toBe("/en/blog/x?preview&staging=yes");
    expect(previewRedirectPath(null)).toBe("/blog?preview=1&staging=1");
    for (const to of ["https://evil.example/", "//evil.example/blog", "/\\evil.example", "blog", "javascript:alert(1)"]) {
      expect(previewRedirectPath(to), to).toBe("/blog?preview=1&staging=1");
    }
  });

  it("takes the parameters away when leaving the preview", () => {
    expect(previewRedirectPath("/blog/x?preview=1&staging=1&page=2", { exit: true })).toBe("/blog/x?page=2");
    expect(previewRedirectPath("//evil.example", { exit: true })).toBe("/blog");
  });
});
