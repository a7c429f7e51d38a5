import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { eq, getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "@/server/db/schema";
import { account, comment, commentReport, image, listing, listingPhoto, listingShare, listingStyle, profile, session, subscription, tokenAccount, tokenLedger, user } from "@/server/db/schema";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { getBalance } from "@/server/tokens/get-balance";
import { installDatabase, insertUser, testDatabases } from "~/tests/support/databases";
import { ensureProfile } from "./ensure-profile";
import { grantFreeTokens } from "./grant-free-tokens";
import { markWelcomeShown } from "./mark-welcome-shown";
import { getAccountSummary } from "./get-account-summary";
import { exportAccountData, exportedTables, notExported, notExportedTables } from "./export-account-data";
import { deleteAccount } from "./delete-account";

describe.each(testDatabases())("accounts on $name", ({ open }) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await open();
    installDatabase(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("grants the free tokens to a confirmed user once, however often sign-in finishes", async () => {
    const userId = await insertUser(handle, { verified: true });
    await ensureProfile({ userId, locale: "pl" });
    const results = await Promise.all([grantFreeTokens({ userId }), grantFreeTokens({ userId }), grantFreeTokens({ userId })]);
    expect(results.filter((r) => r.granted)).toHaveLength(1);
    expect(await getBalance({ userId })).toBe(3);
    expect((await grantFreeTokens({ userId })).granted).toBe(false);
  });

  it("does not grant again to a deleted and re-created account with the same e-mail", async () => {
    const email = `again-${Date.now()}@example.test`;
    const first = await insertUser(handle, { email });
    expect((await grantFreeTokens({ userId: first })).granted).toBe(true);
    await deleteAccount({ userId: first });
    const second = await insertUser(handle, { email: email.toUpperCase() });
    expect((await grantFreeTokens({ userId: second })).granted).toBe(false);
    expect(await getBalance({ userId: second })).toBe(0);
  });

  it("grants once per mailbox: sub-addresses, and dots where the provider ignores them, are the same address", async () => {
    const stamp = Date.now();
    const first = await insertUser(handle, { email: `Jan.Nowak+1.${stamp}@Gmail.com` });
    expect((await grantFreeTokens({ userId: first })).granted).toBe(true);
    for (const email of [`jan.nowak+2.${stamp}@gmail.com`, `jannowak@googlemail.com`, `j.a.n.n.o.w.a.k+x@gmail.com`]) {
      const alias = await insertUser(handle, { email });
      expect((await grantFreeTokens({ userId: alias })).granted, email).toBe(false);
      expect(await getBalance({ userId: alias })).toBe(0);
    }
    // Elsewhere dots are part of the name.
    const outlook = await insertUser(handle, { email: `jan.nowak.${stamp}@outlook.com` });
    const other = await insertUser(handle, { email: `jannowak+shop.${stamp}@outlook.com` });
    expect((await grantFreeTokens({ userId: outlook })).granted).toBe(true);
    expect((await grantFreeTokens({ userId: other })).granted).toBe(true);
  });

  it("grants a few per client address a day; a grant refused there is kept for a sign-in from elsewhere", async () => {
    const clientAddress = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const users = await Promise.all(Array.from({ length: 4 }, () => insertUser(handle)));
    const results = [];
    for (const userId of users) results.push((await grantFreeTokens({ userId, clientAddress })).granted);
    expect(results).toEqual([true, true, true, false]);
    expect(await getBalance({ userId: users[3]! })).toBe(0);
    expect((await grantFreeTokens({ userId: users[3]!, clientAddress: "198.51.100.7" })).granted).toBe(true);
  });

  it("grants nothing before the e-mail is confirmed", async () => {
    const userId = await insertUser(handle, { verified: false });
    expect((await grantFreeTokens({ userId })).granted).toBe(false);
    expect(await getBalance({ userId })).toBe(0);
  });

  it("shows the welcome once: until it is marked shown", async () => {
    const userId = await insertUser(handle, { email: "Welcome@Example.test" });
    await grantFreeTokens({ userId });
    const before = await getAccountSummary({ userId });
    expect(before?.welcome?.emailSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(before?.balance).toBe(3);
    await markWelcomeShown({ userId });
    expect((await getAccountSummary({ userId }))?.welcome).toBeNull();
  });

  it("sums up an account: a password among its ways in, and its newest subscription that was ever paid", async () => {
    const userId = await insertUser(handle);
    await handle.db.insert(account).values([
      { id: `g-${userId}`, accountId: "google-sub", providerId: "google", userId },
      { id: `c-${userId}`, accountId: userId, providerId: "credential", userId },
    ]);
    const day = 86_400_000;
    const row = (id: string, createdAt: number, paidUntil: number | null) => ({
      userId, provider: "sandbox" as const, providerSubscriptionId: `${id}-${userId}`, planId: "pro", status: "active" as const,
      createdAt: new Date(Date.now() + createdAt), paidUntil: paidUntil === null ? null : new Date(Date.now() + paidUntil),
    });
    await handle.db.insert(subscription).values([row("old", -3 * day, -day), row("paid", -2 * day, 20 * day), row("unpaid", -day, null)]);
    const summary = await getAccountSummary({ userId });
    expect(summary).toMatchObject({ hasPassword: true, subscription: { providerSubscriptionId: `paid-${userId}`, active: true } });
    const other = await insertUser(handle);
    await handle.db.insert(subscription).values({ ...row("unpaid", 0, null), userId: other, providerSubscriptionId: `unpaid-${other}` });
    expect(await getAccountSummary({ userId: other })).toMatchObject({ hasPassword: false, subscription: null });
  });

  it("exports every column that holds the person's data, and describes secrets without copying them", async () => {
    const userId = await insertUser(handle);
    await ensureProfile({ userId, locale: "en" });
    await grantFreeTokens({ userId });
    // An account from before images were dropped at sign-up still has one: it is theirs, so it is exported.
    await handle.db.update(user).set({ image: "https://lh3.googleusercontent.com/a/photo" }).where(eq(user.id, userId));
    await handle.db.insert(account).values({ id: `a-${userId}`, accountId: "google-sub-42", providerId: "google", userId, accessToken: "ya29.secret", idToken: "eyJ.secret", scope: "openid email" });
    await handle.db.insert(session).values({ id: `s-${userId}`, token: `token-secret-${userId}`, userId, expiresAt: new Date(Date.now() + 1e6), ipAddress: "192.0.2.8", userAgent: "Firefox" });
    await handle.db.insert(image).values({ id: `i-${userId}`, userId, kind: "upload", storageKey: `uploads/i-${userId}.webp`, contentType: "image/webp", width: 1, height: 1, bytes: 9, expiresAt: new Date(Date.now() + 1e6) });
    const data = (await exportAccountData({ userId }))!;
    const sections: [Record<string, unknown>, Record<string, unknown>, readonly string[]][] = [
      [getTableColumns(user), data.profile, []],
      [getTableColumns(profile), data.profile, ["userId", "createdAt"]],
      [getTableColumns(account), data.signInMethods[0]!, notExported.account],
      [getTableColumns(session), data.sessions[0]!, notExported.session],
      [getTableColumns(image), data.images[0]!, notExported.owned],
      [getTableColumns(tokenLedger), data.tokenLedger[0]!, notExported.owned],
      [getTableColumns(tokenAccount), data.tokenBalance!, notExported.owned],
    ];
    for (const [columns, exported, left] of sections) {
      for (const column of Object.keys(columns).filter((c) => !left.includes(c))) expect(exported, column).toHaveProperty(column);
    }
    expect(data.profile).toMatchObject({ id: userId, image: "https://lh3.googleusercontent.com/a/photo", locale: "en", profileCreatedAt: expect.any(Date) });
    expect(data.signInMethods[0]).toMatchObject({ accountId: "google-sub-42", scope: "openid email", hasPassword: false, hasProviderTokens: true });
    expect(data.tokenLedger).toEqual([expect.objectContaining({ kind: "grant", amount: 3, balanceAfter: 3 })]);
    const text = JSON.stringify(data);
    for (const secret of ["ya29.secret", "eyJ.secret", "token-secret-", '"password"']) expect(text).not.toContain(secret);
  });

  it("names every table of the schema as exported, or as not exported with its reason", () => {
    const tables = Object.values(schema).filter((value) => is(value, PgTable)).map((table) => getTableName(table));
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) expect(table in exportedTables || table in notExportedTables, `${table}: neither exported nor excluded`).toBe(true);
    for (const table of Object.keys(exportedTables)) expect(notExportedTables, table).not.toHaveProperty(table);
    expect(Object.keys({ ...exportedTables, ...notExportedTables }).sort()).toEqual([...tables].sort());
  });

  it("exports the person's listings (their names are often addresses), photos with HD orders, styles and client links by hash", async () => {
    const userId = await insertUser(handle);
    const other = await insertUser(handle);
    const id = `l-${userId}`;
    await handle.db.insert(listing).values([
      { id, userId, name: "Złota 44/12, Warszawa", lastRoomType: "kitchen" },
      { id: `l-${other}`, userId: other, name: "Cudza 1" },
    ]);
    await handle.db.insert(listingPhoto).values({ id: `p-${userId}`, listingId: id, position: 0, roomType: "kitchen", hdState: "queued", hdAttempt: 1, hdVisualizationId: "v-1" });
    await handle.db.insert(listingStyle).values({ listingId: id, styleId: "modern", seed: 7, brief: "oak, linen" });
    await handle.db.insert(listingShare).values({ id: `s-${userId}`, listingId: id, tokenHash: "ab".repeat(32), liveUntil: new Date(Date.now() + 1e6) });
    const data = (await exportAccountData({ userId }))!;
    const sections: [Record<string, unknown>, Record<string, unknown> | undefined, readonly string[]][] = [
      [getTableColumns(listing), data.listings[0], notExported.owned],
      [getTableColumns(listingPhoto), data.listingPhotos[0], []],
      [getTableColumns(listingStyle), data.listingStyles[0], []],
      [getTableColumns(listingShare), data.clientLinks[0], []],
    ];
    for (const [columns, exported, left] of sections) {
      for (const column of Object.keys(columns).filter((c) => !left.includes(c))) expect(exported, column).toHaveProperty(column);
    }
    expect(data.listings).toEqual([expect.objectContaining({ id, name: "Złota 44/12, Warszawa" })]);
    expect(data.listingPhotos).toEqual([expect.objectContaining({ hdState: "queued", hdAttempt: 1 })]);
    expect(data.clientLinks).toEqual([expect.objectContaining({ tokenHash: "ab".repeat(32), revoked: false })]);
    expect(JSON.stringify(data)).not.toContain("Cudza");
  });

  it("exports the user's comments with any moderators' reasons, and the reports they filed", async () => {
    const userId = await insertUser(handle);
    const other = await insertUser(handle);
    const [own] = await handle.db
      .insert(comment)
      .values({ thread: "pl:export", authorId: userId, body: "Ukryty", status: "hidden", moderationGround: "terms", moderationReason: "Nie na temat" })
      .returning();
    const [theirs] = await handle.db.insert(comment).values({ thread: "pl:export", authorId: other, body: "Cudzy" }).returning();
    await handle.db.insert(commentReport).values({ commentId: theirs!.id, reason: "spam", reporterId: userId });
    const data = await exportAccountData({ userId });
    expect(data?.comments).toEqual([expect.objectContaining({ id: own!.id, thread: "pl:export", body: "Ukryty", status: "hidden", moderationReason: "Nie na temat" })]);
    expect(data?.commentReports).toEqual([expect.objectContaining({ commentId: theirs!.id, reason: "spam" })]);
  });

  it("deletes the user's comments; one with replies stays as a placeholder without text or author", async () => {
    const userId = await insertUser(handle);
    const other = await insertUser(handle);
    const [answered] = await handle.db.insert(comment).values({ thread: "pl:delete", authorId: userId, body: "Z odpowiedzią" }).returning();
    const [reply] = await handle.db.insert(comment).values({ thread: "pl:delete", parentId: answered!.id, authorId: other, body: "Odpowiedź" }).returning();
    await handle.db.insert(comment).values({ thread: "pl:delete", parentId: reply!.id, authorId: userId, body: "Moja odpowiedź" });
    await handle.db.insert(comment).values({ thread: "pl:delete", authorId: userId, body: "Bez odpowiedzi" });
    await handle.db.insert(commentReport).values({ commentId: answered!.id, reason: "spam" });
    await deleteAccount({ userId });
    const left = await handle.db.select().from(comment).where(eq(comment.thread, "pl:delete"));
    // The own reply and the comment nobody answered are gone.
    expect(left.map((c) => [c.id, c.status, c.body, c.authorId]).sort()).toEqual(
      [
        [answered!.id, "deleted", "", null],
        [reply!.id, "published", "Odpowiedź", other],
      ].sort(),
    );
    const [report] = await handle.db.select().from(commentReport).where(eq(commentReport.commentId, answered!.id));
    expect(report).toMatchObject({ resolution: "authorDeleted", resolvedAt: expect.any(Date) });
  });

  it("deletes everything of the user but keeps payment entries of the ledger", async () => {
    const userId = await insertUser(handle);
    await grantFreeTokens({ userId });
    await grantTokens({ userId, amount: 30, kind: "purchase", idempotencyKey: `pay:${userId}`, reference: "pi_123" });
    await handle.db.insert(session).values({ id: `s-${userId}`, token: `t-${userId}`, userId, expiresAt: new Date(Date.now() + 1e6) });
    await deleteAccount({ userId });
    expect(await handle.db.select().from(user).where(eq(user.id, userId))).toEqual([]);
    expect(await handle.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await handle.db.select().from(profile).where(eq(profile.userId, userId))).toEqual([]);
    const kept = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(kept.map((e) => e.kind)).toEqual(["purchase"]);
  });
});
