import { describe, expect, it } from "vitest";
import { normalizeRequestTarget } from "./normalize-path";
import { redactSecrets } from "./redact-secrets";

describe("normalizeRequestTarget", () => {
  it("decodes escaped unreserved characters, so an unusual spelling of a client link is its route and is redacted", () => {
    expect(normalizeRequestTarget("/%70/Ab-12_cd34EF56gh78")).toBe("/p/Ab-12_cd34EF56gh78");
    expect(normalizeRequestTarget("/en/%70/Ab-12_cd34EF56gh78?locale=en")).toBe("/en/p/Ab-12_cd34EF56gh78?locale=en");
    expect(normalizeRequestTarget("/api/%73hares/tok%2Dx%5F%7E/images/1")).toBe("/api/shares/tok-x_~/images/1");
    for (const sent of ["/%70/Ab-12_cd34EF56gh78", "/en/x/../%70/Ab-12_cd34EF56gh78", "/api/shares//Ab-12_cd34EF56gh78/images/1"]) {
      expect(redactSecrets(normalizeRequestTarget(sent))).not.toContain("Ab-12_cd34EF56gh78");
    }
  });

  it("makes runs of slashes one and removes dot segments, before anything routes or logs the path", () => {
    expect(normalizeRequestTarget("/api/shares//tok/images//1")).toBe("/api/shares/tok/images/1");
    expect(normalizeRequestTarget("//evil.example/p")).toBe("/evil.example/p");
    expect(normalizeRequestTarget("/en/blog/%2e%2e/pricing")).toBe("/en/pricing");
    expect(normalizeRequestTarget("/a/./b/../c")).toBe("/a/c");
  });

  it("leaves reserved escapes, the query and what is not a path as sent", () => {
    expect(normalizeRequestTarget("/blog/a%2Fb%25c%20d")).toBe("/blog/a%2Fb%25c%20d");
    expect(normalizeRequestTarget("/x?token=%70//a")).toBe("/x?token=%70//a");
    expect(normalizeRequestTarget("*")).toBe("*");
    expect(normalizeRequestTarget("http://host/%70")).toBe("http://host/%70");
  });
});
