import { describe, expect, it } from "vitest";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import config from "~/next.config";

/** The Referrer-Policy values Next's header rules (next.config.ts) set on an answer for `path`, as Next matches them. */
async function referrerPolicies(path: string): Promise<string[]> {
  const rules = await config.headers!();
  return rules
    .filter((rule) => getPathMatch(rule.source, { strict: true, removeUnnamedParams: true })(path) !== false)
    .flatMap((rule) => rule.headers.filter((h) => h.key === "Referrer-Policy").map((h) => h.value));
}

describe("Referrer-Policy", () => {
  it("is the site's on every page and route but a client link's, which sends no Referer: one policy each", async () => {
    for (const path of ["/", "/cennik", "/en/pricing", "/api/listings/abc/zip", "/pl", "/public", "/en/projects"]) expect(await referrerPolicies(path), path).toEqual(["strict-origin-when-cross-origin"]);
    for (const path of ["/p/Ab-12_cd34EF56gh78", "/en/p/Ab-12_cd34EF56gh78", "/api/shares/Ab-12_cd34EF56gh78/images/img1"]) expect(await referrerPolicies(path), path).toEqual(["no-referrer"]);
  });
});
