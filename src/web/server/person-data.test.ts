import { describe, expect, it } from "vitest";
import { profile, tokenAccount } from "@/server/db/schema";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";
import { readPersonData } from "./person-data";

describe("the person's data of a signed-in shell", () => {
  const db = useInstalledPglite();

  it("holds the account menu, the balance, the welcome while it is due, and only the part the page asked for", async () => {
    const userId = await insertUser(db(), { email: "shell@example.test" });
    await db().db.insert(tokenAccount).values({ userId, balance: 3 });
    await db().db.insert(profile).values({ userId, locale: "en", freeTokensGrantedAt: new Date() });

    const design = await readPersonData({ userId, locale: "pl", part: "gallery" });
    expect(design).toMatchObject({ balance: 3, team: null, gallery: [], batches: [], menu: { email: "shell@example.test", tokensLabel: "3 tokeny", pricingHref: "/cennik" } });
    expect(design!.welcome?.labels.text).toContain("3 tokeny");
    expect(Math.abs(design!.now - Date.now())).toBeLessThan(5_000);

    const generations = await readPersonData({ userId, locale: "en", part: "batches" });
    expect(generations).toMatchObject({ gallery: null, batches: [], menu: { tokensLabel: "3 tokens", pricingHref: "/en/pricing" } });
    expect(await readPersonData({ userId: "gone", locale: "pl", part: null })).toBeNull();
  });
});
