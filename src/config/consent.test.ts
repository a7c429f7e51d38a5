import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_DAYS, CONSENT_VERSION, consentSignals, parseConsent, serializeConsent, tagManagerUrl } from "./consent";

const now = new Date("2026-11-22T20:00:00Z");

describe("stored consent", () => {
  it("reads back what it writes", () => {
    for (const analytics of [true, false]) {
      const choice = { analytics, date: "2026-11-22" };
      expect(parseConsent(serializeConsent(choice), now)).toEqual(choice);
    }
    expect(serializeConsent({ analytics: true, date: "2026-11-22" })).toBe(`${CONSENT_VERSION}.analytics.2026-11-22`);
  });

  it("asks again when there is no choice or a value it did not write", () => {
    for (const value of [undefined, "", "yes", `${CONSENT_VERSION}.marketing.2026-11-22`, `${CONSENT_VERSION}.analytics`, `${CONSENT_VERSION}.analytics.2026-02-30`, ` ${CONSENT_VERSION}.none.2026-11-22`]) {
      expect(parseConsent(value, now), String(value)).toBeNull();
    }
  });

  it("asks again when the choice was stored under another version", () => {
    expect(parseConsent(`${CONSENT_VERSION - 1}.analytics.2026-11-22`, now)).toBeNull();
    expect(parseConsent(`${CONSENT_VERSION + 1}.analytics.2026-11-22`, now)).toBeNull();
  });

  it("asks again when the choice is older than the cookie may live, or dated in the future", () => {
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    expect(parseConsent(`${CONSENT_VERSION}.none.${daysAgo(CONSENT_MAX_AGE_DAYS)}`, now)).not.toBeNull();
    expect(parseConsent(`${CONSENT_VERSION}.none.${daysAgo(CONSENT_MAX_AGE_DAYS + 2)}`, now)).toBeNull();
    // A visitor in another time zone may already be on the next day.
    expect(parseConsent(`${CONSENT_VERSION}.none.2026-11-23`, now)).not.toBeNull();
    expect(parseConsent(`${CONSENT_VERSION}.none.2026-11-25`, now)).toBeNull();
  });
});

describe("Consent Mode signals", () => {
  it("grants analytics storage only, and never the ad signals", () => {
    expect(consentSignals(true)).toEqual({ ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" });
    expect(Object.values(consentSignals(false))).toEqual(["denied", "denied", "denied", "denied"]);
  });

  it("loads the container into the data layer named in the config", () => {
    expect(tagManagerUrl("GTM-AB12C")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12C&l=dataLayer");
  });
});
