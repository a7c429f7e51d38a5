import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { DATA_LAYER } from "@/config/consent";
import { consentModeScript } from "./consent-mode-script";

/** Runs the inline script in a bare window and returns what it left in the data layer, as plain arrays. */
function run(script: string, existing: unknown[] = []) {
  const window: Record<string, unknown> = { [DATA_LAYER]: existing };
  runInNewContext(script, { window });
  const layer = window[DATA_LAYER] as IArguments[];
  return { layer: layer.map((entry) => (typeof entry === "object" && "length" in entry ? Array.from(entry) : entry)), raw: layer, gtag: window.gtag };
}

const denied = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" };

describe("the Consent Mode default", () => {
  it("denies every signal and waits for the visitor's answer", () => {
    const { layer, raw, gtag } = run(consentModeScript({ analytics: false }));
    expect(layer).toEqual([["consent", "default", { ...denied, wait_for_update: 500 }]]);
    // An arguments object, as gtag.js pushes it, not an array.
    expect(Array.isArray(raw[0])).toBe(false);
    expect(typeof gtag).toBe("function");
  });

  it("applies a stored grant right after the default", () => {
    const { layer } = run(consentModeScript({ analytics: true }));
    expect(layer).toEqual([
      ["consent", "default", { ...denied, wait_for_update: 500 }],
      ["consent", "update", { ...denied, analytics_storage: "granted" }],
    ]);
  });

  it("keeps events pushed before it, in the same array", () => {
    const earlier = { event: "sign_up" };
    const { layer } = run(consentModeScript({ analytics: false }), [earlier]);
    expect(layer[0]).toBe(earlier);
    expect(layer).toHaveLength(2);
  });
});
