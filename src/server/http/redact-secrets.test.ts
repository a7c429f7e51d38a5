import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact-secrets";

describe("redacting secrets from log text", () => {
  it("takes out the reset link's path token and token-like query values, and leaves the rest", () => {
    expect(redactSecrets("/api/auth/reset-password/abcDEF_123-x")).toBe("/api/auth/reset-password/[redacted]");
    expect(redactSecrets('{"path":"/api/auth/reset-password/tok","status":302}')).toBe('{"path":"/api/auth/reset-password/[redacted]","status":302}');
    expect(redactSecrets("/api/preview?token=e2e-preview-token&to=/blog")).toBe("/api/preview?token=[redacted]&to=/blog");
    expect(redactSecrets("/pl/blog/a?page=2&tag=salon")).toBe("/pl/blog/a?page=2&tag=salon");
    expect(redactSecrets("/api/auth/reset-password")).toBe("/api/auth/reset-password");
    // A listing's client link, its page in either language and its images.
    expect(redactSecrets('{"path":"/p/Ab-12_cd34EF56gh78"}')).toBe('{"path":"/p/[redacted]"}');
    expect(redactSecrets("/en/p/Ab-12_cd34EF56gh78?x=1")).toBe("/en/p/[redacted]?x=1");
    expect(redactSecrets("/api/shares/Ab-12_cd34EF56gh78/images/img1")).toBe("/api/shares/[redacted]/images/img1");
    expect(redactSecrets("/en/pricing/plans")).toBe("/en/pricing/plans");
    expect(redactSecrets("/p%2FAb-12_cd34EF56gh78")).toBe("/p%2F[redacted]");
  });

  it("takes out API keys and webhook secrets wherever they appear, keeping their kind", () => {
    const key = `az_live_${"Ab3_-".repeat(8)}xyz`;
    expect(redactSecrets(`{"authorization":"Bearer ${key}","secret":"whsec_abcdefghijKLMN"}`)).toBe('{"authorization":"Bearer az_live_[redacted]","secret":"whsec_[redacted]"}');
    expect(redactSecrets("az_test_ is the prefix")).toBe("az_test_ is the prefix");
  });
});
