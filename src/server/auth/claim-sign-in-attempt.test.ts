import { describe, expect, it } from "vitest";
import { useInstalledPglite } from "~/tests/support/databases";
import { claimSignInAttempt } from "./claim-sign-in-attempt";
import { freeFailures } from "./sign-in-backoff";

describe("claimSignInAttempt", () => {
  const db = useInstalledPglite();

  it("lets the free failures through even when a claim that waited for the lock reads a later failure than its own clock", async () => {
    const email = `clock-${Date.now()}@example.test`;
    const at = Date.now();
    // Parallel claims take the row's lock one after another; each read its clock before waiting, so a later claim may hold an earlier time.
    const claims = [];
    for (let i = 0; i < freeFailures(); i++) claims.push(await claimSignInAttempt({ email, db: db().db, now: at - i }));
    expect(claims.map((c) => c.allowed)).toEqual(Array.from({ length: freeFailures() }, () => true));
    expect(await claimSignInAttempt({ email, db: db().db, now: at })).toMatchObject({ allowed: false });
  });
});
