// @vitest-environment jsdom
import { cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DATA_LAYER } from "@/config/consent";
import { consentModeScript } from "./consent-mode-script";
import { removeAnalyticsCookies, useTagManager } from "./tag-manager";

type TestWindow = Window & { [DATA_LAYER]?: unknown[]; gtag?: unknown };
const w = window as TestWindow;

/** The data layer as plain arrays (gtag pushes arguments objects). */
const layer = () => (w[DATA_LAYER] ?? []).map((entry) => (entry && typeof entry === "object" && "length" in entry ? Array.from(entry as ArrayLike<unknown>) : entry));
const gtmScripts = () => document.querySelectorAll<HTMLScriptElement>('script[src^="https://www.googletagmanager.com/"]');

beforeEach(() => {
  // What the layout's <head> holds: a script with the request's nonce, then the Consent Mode default.
  const first = document.createElement("script");
  first.nonce = "n0nce";
  document.head.append(first);
  delete w[DATA_LAYER];
  new Function("window", consentModeScript({ analytics: false }))(window);
});

afterEach(() => {
  cleanup();
  document.head.replaceChildren();
});

describe("useTagManager", () => {
  it("loads nothing while analytics is not granted", () => {
    renderHook(() => useTagManager("GTM-AB12C", false));
    expect(gtmScripts()).toHaveLength(0);
    expect(layer()).toHaveLength(1);
  });

  it("grants, then loads the container once, with the page's nonce, when the visitor accepts", () => {
    const { rerender } = renderHook(({ analytics }) => useTagManager("GTM-AB12C", analytics), { initialProps: { analytics: false } });
    rerender({ analytics: true });
    rerender({ analytics: true });
    const scripts = gtmScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12C&l=dataLayer");
    expect(scripts[0]!.async).toBe(true);
    expect(scripts[0]!.nonce).toBe("n0nce");
    const entries = layer();
    expect(entries[1]).toEqual(["consent", "update", expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied" })]);
    expect(entries[2]).toMatchObject({ event: "gtm.js" });
  });

  it("loads a stored grant without granting again (the <head> script did)", () => {
    renderHook(() => useTagManager("GTM-AB12C", true));
    expect(gtmScripts()).toHaveLength(1);
    expect(layer().filter((entry) => Array.isArray(entry) && entry[1] === "update")).toHaveLength(0);
  });
});

describe("removeAnalyticsCookies", () => {
  it("deletes Google's analytics cookies and keeps ours", () => {
    document.cookie = "_ga=GA1.1.123.456; path=/";
    document.cookie = "_ga_ABC123=GS1.1.1; path=/";
    document.cookie = "_gid=GA1.1.789; path=/";
    document.cookie = "keep=1; path=/";
    document.cookie = "_gallery=1; path=/";
    removeAnalyticsCookies();
    expect(document.cookie.split("; ").sort()).toEqual(["_gallery=1", "keep=1"]);
  });
});
