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
    expect(isSameOriginRequest({ ...base, method: "POST", origin: "http://aranzer.pl" })).toBe(false);
    // The same server reached by another address of its own, as a local install is.
    expect(isSameOriginRequest({ method: "POST", host: "127.0.0.1:3000", appUrl: "http://localhost:3000", secFetchSite: null, origin: "http://127.0.0.1:3000" })).toBe(true);
  });
  it("falls back to Sec-Fetch-Site and refuses requests with neither", () => {
    expect(isSameOriginRequest({ ...base, method: "POST", secFetchSite: "same-origin" })).toBe(true);
    expect(isSameOriginRequest({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(false);
    expect(isSameOriginRequest({ ...base, method: "POST" })).toBe(false);
  });
});

describe("CSP", () => {
  it("allows scripts only with the nonce, and eval only in development", () => {
    expect(contentSecurityPolicy({ nonce: "abc", dev: false, tagManager: false })).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(contentSecurityPolicy({ nonce: "abc", dev: true, tagManager: false })).toContain("'unsafe-eval'");
    expect(contentSecurityPolicy({ nonce: "abc", dev: false, tagManager: false })).toContain("frame-ancestors 'none'");
  });
  it("names Google's hosts only when a Tag Manager container is configured", () => {
    expect(contentSecurityPolicy({ nonce: "abc", dev: false, tagManager: false })).not.toMatch(/google/);
    const csp = contentSecurityPolicy({ nonce: "abc", dev: false, tagManager: true });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' https://*.googletagmanager.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com;");
    expect(csp).toMatch(/connect-src 'self' [^;]*https:\/\/\*\.analytics\.google\.com/);
    expect(csp).toContain("default-src 'self';");
  });
});

describe("crawler detection", () => {
  it("knows search bots from browsers", () => {
    expect(isCrawler("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBe(true);
    expect(isCrawler("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36")).toBe(false);
    expect(isCrawler(null)).toBe(false);
  });
});
