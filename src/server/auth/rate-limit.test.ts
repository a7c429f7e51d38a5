import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomUUID } from "node:crypto";
import { openDatabase, type Handle } from "@/server/db/client";
import { createDatabase } from "~/tests/support/postgres";
import { createAuth, type Auth } from "./auth";

process.env.APP_URL = "http://localhost:3000";
const SECRET = "rate-limit-test-secret-0123456789abcdef0123456789";

function signIn(auth: Auth, ip: string, email = "nobody@example.test") {
  return auth.handler(
    new Request("http://localhost:3000/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-forwarded-for": ip },
      body: JSON.stringify({ email, password: "wrong-password" }),
    }),
  );
}

const postgresUrl = inject("postgresUrl");

describe.skipIf(!postgresUrl)("sign-in rate limit on PostgreSQL", () => {
  let first: Handle;
  let second: Handle;
  beforeAll(async () => {
    const url = await createDatabase(postgresUrl!, `rl_${randomUUID().replace(/-/g, "").slice(0, 12)}`);
    // Two connection pools to one database: two app instances, as behind a load balancer.
    first = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    second = await openDatabase({ databaseUrl: url, dataDir: "unused" });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("counts attempts across instances: the sixth sign-in within a minute is refused wherever it lands", async () => {
    const a = createAuth(first.db, SECRET);
    const b = createAuth(second.db, SECRET);
    const responses: Response[] = [];
    // A different account each time: the per-account limit (account-security.test.ts) is not what is tested here.
    for (let i = 0; i < 6; i++) responses.push(await signIn(i % 2 === 0 ? a : b, "203.0.113.7", `nobody-${i}@example.test`));
    expect(responses.slice(0, 5).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(responses[5]!.status).toBe(429);
    expect(Number(responses[5]!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client address has its own budget.
    expect((await signIn(b, "203.0.113.8", "nobody-6@example.test")).status).toBe(401);
  });
});
