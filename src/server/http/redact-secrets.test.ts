import { describe, expect, it } from "vitest";
import { redactSecrets } from "./redact-secrets";

describe("redacting secrets from log text", () => {
  it("takes out the reset link's path token and token-like query values, and leaves the rest", () => {
    expect(redactSecrets("/api/auth/reset-password/abcDEF_123-x")).toBe("/api/auth/reset-password/[redacted]");
    expect(redactSecrets('{"path":"/api/auth/reset-password/tok","status":302}')).toBe('{"path":"/api/auth/reset-password/[redacted]","status":302}');
    expect(redactSecrets("/api/preview?token=e2e-preview-token&to=/blog")).toBe("/api/preview?token=[redacted]&to=/blog");
    expect(redactSecrets("/pl/blog/a?page=2&tag=salon")).toBe("/pl/blog/a?page=2&tag=salon");
    expect(redactSecrets("/api/auth/reset-password")).toBe("/api/auth/reset-password");
  });
});
