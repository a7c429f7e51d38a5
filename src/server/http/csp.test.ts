import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isCrawler, isSameOriginRequest } from "./csp";

const base = { host: "aranzer.pl", appUrl: "https://aranzer.pl", secFetchSite: null, origin: null };

describe("same-origin check", () => {
  it("lets reads through", () => {
    expect(isSameOriginRequest({ ...base, method: "GET", origin: "https://evil.example" })).toBe(true);
  });
  it("accepts state changes from our origin only", () => {
    expect(isSameOriginRequest({ ...base, method: "POST", origin: "https://aranzer.pl" })).toBe(true);
    expect(isSameOriginRequest({ ...base, method: "POST", origin: "https://evil.example" })).toBe(false);
    expect(isSameOriginRequest({ ...base, method: "DELETE", origin: "null" })).toBe(false);
  });
  it("falls back to Sec-Fetch-Site and refuses requests with neither", () => {
    expect(isSameOriginRequest({ ...base, method: "POST", secFetchSite: "same-origin" })).toBe(true);
    expect(isSameOriginRequest({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(false);
    expect(isSameOriginRequest({ ...base, method: "POST" })).toBe(false);
  });
});

describe("CSP", () => {
  it("allows scripts only with the nonce, and eval only in development", () => {
    expect(contentSecurityPolicy({ nonce: "abc", dev: false })).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(contentSecurityPolicy({ nonce: "abc", dev: true })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "abc", dev: false })).toContain("frame-ancestors 'none'");
  });
});

describe("crawler detection", () => {
  it("knows search bots from browsers", () => {
    expect(isCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36")).toBe(false);
    expect(isCrawler(null)).toBe(false);
  });
});
