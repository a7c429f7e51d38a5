import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { testDatabases } from "~/tests/support/databases";
import { errorResponse } from "@/server/http/error-answer";
import { hitRateLimit, rateLimits } from "./hit-rate-limit";

describe.each(testDatabases())("product rate limits on $name", ({ open }) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it("lets the maximum through, refuses the next one, and counts each user apart", async () => {
    const { max } = rateLimits.generate;
    const results = await Promise.allSettled(Array.from({ length: max + 2 }, () => hitRateLimit({ db: handle.db, rule: "generate", subject: "user-a" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(max);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "RATE_LIMITED" });
    // The refusal says when the window ends, for the 429's Retry-After.
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.details.retryAfter).toBeGreaterThan(0);
    expect(refused.reason.details.retryAfter).toBeLessThanOrEqual(rateLimits.generate.windowMs / 1000);
    expect(errorResponse(refused.reason, new Request("http://localhost/api/batches")).headers.get("retry-after")).toBe(String(refused.reason.details.retryAfter));
    // What is left of the window, for the API's RateLimit headers.
    await expect(hitRateLimit({ db: handle.db, rule: "generate", subject: "user-b" })).resolves.toMatchObject({ limit: max, remaining: max - 1, windowSeconds: 60 });
    await expect(hitRateLimit({ db: handle.db, rule: "upload", subject: "user-a" })).resolves.toMatchObject({ remaining: rateLimits.upload.max - 1 });
  });
});
