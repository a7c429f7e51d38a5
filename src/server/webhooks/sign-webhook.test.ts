import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook, verifyWebhookSignature } from "./sign-webhook";

const secret = "whsec_test";
const body = '{"id":"evt_1","type":"test"}';
const t = 1_800_000_000;

describe("webhook signatures", () => {
  it("signs t.body with HMAC-SHA256 of the secret, as the documentation says", () => {
    const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(signWebhook({ secret, body, timestamp: t })).toBe(`t=${t},v1=${expected}`);
  });

  it("verifies a fresh signature of the exact body", () => {
    expect(verifyWebhookSignature({ secret, body, header: signWebhook({ secret, body, timestamp: t }), now: t + 10 })).toBe(true);
  });

  it("refuses another body, another secret, a missing or garbled header", () => {
    const header = signWebhook({ secret, body, timestamp: t });
    expect(verifyWebhookSignature({ secret, body: `${body} `, header, now: t })).toBe(false);
    expect(verifyWebhookSignature({ secret: "whsec_other", body, header, now: t })).toBe(false);
    expect(verifyWebhookSignature({ secret, body, header: null, now: t })).toBe(false);
    expect(verifyWebhookSignature({ secret, body, header: "v1=abc", now: t })).toBe(false);
    expect(verifyWebhookSignature({ secret, body, header: `t=${t},v1=zz`, now: t })).toBe(false);
  });

  it("refuses a replay outside the window, either side", () => {
    const header = signWebhook({ secret, body, timestamp: t });
    expect(verifyWebhookSignature({ secret, body, header, now: t + 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret, body, header, now: t - 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret, body, header, now: t + 300 })).toBe(true);
  });

  it("accepts any one matching v1 of several (a secret being rolled)", () => {
    const good = signWebhook({ secret, body, timestamp: t }).split(",")[1];
    expect(verifyWebhookSignature({ secret, body, header: `t=${t},v1=${"0".repeat(64)},${good}`, now: t })).toBe(true);
  });
});
