import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { generationJob, listing, subscription, team, teamMember, tokenLedger, user } from "@/server/db/schema";
import { claimJobs } from "@/server/generation/claim-jobs";
import { runJob } from "@/server/generation/run-job";
import { EngineError, type Engine } from "@/server/engines/engine";
import { getImageFile } from "@/server/images/get-image-file";
import { storeImage } from "@/server/images/store-image";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { createListing } from "@/server/listings/create-listing";
import { generateListing } from "@/server/listings/generate-listing";
import { getListing } from "@/server/listings/get-listing";
import { listListings } from "@/server/listings/list-listings";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { errorAnswer } from "@/server/http/error-answer";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { refundToken } from "@/server/tokens/refund-token";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { getMemberCapLeft } from "@/server/tokens/get-member-cap-left";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { acceptInvitation } from "./accept-invitation";
import { createTeam } from "./create-team";
import { exportTeamData } from "./export-team-data";
import { findInvitation } from "./find-invitation";
import { getActiveAccount } from "./get-active-account";
import { getTeam } from "./get-team";
import { getTeamUsage } from "./get-team-usage";
import { handOverTeams } from "./hand-over-teams";
import { inviteToTeam } from "./invite-to-team";
import { removeTeamMember } from "./remove-team-member";
import { setMemberCap } from "./set-member-cap";
import { setMemberRole } from "./set-member-role";
import { switchAccount } from "./switch-account";
import { withdrawInvitation } from "./withdraw-invitation";

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "aranzer-teams-"));
  process.env.DATA_DIR = dataDir; // the .eml outbox of the invitations
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const code = (error: unknown) => (error as { code?: string; details?: Record<string, unknown> }).code;
const reason = (error: unknown) => (error as { details?: Record<string, unknown> }).details?.reason;

describe.each(testDatabases())("teams on $name", ({ open }) => {
  let handle: Handle;
  let storage: ImageStorage;
  let photo: Buffer;

  beforeAll(async () => {
    handle = await open();
    storage = createLocalStorage(path.join(dataDir, "images"));
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8090a0" } }).webp().toBuffer();
  });
  afterAll(async () => {
    await handle.close();
  });

  /** A team whose plan gives `seats` seats, filled with tokens, its owner signed in to it. */
  async function newTeam(options: { tokens?: number; plan?: "mini" | "pro" | "enterprise"; extraSeats?: number } = {}) {
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db: handle.db, userId: ownerId, name: "Biuro Nieruchomości Wisła" });
    if (options.plan) {
      await handle.db.insert(subscription).values({ userId: ownerId, teamId, provider: "sandbox", providerSubscriptionId: `sub_${teamId}`, planId: options.plan, status: "active", paidUntil: new Date(Date.now() + 30 * 86_400_000) });
    }
    if (options.extraSeats) await handle.db.update(team).set({ extraSeats: options.extraSeats }).where(eq(team.id, teamId));
    if (options.tokens) await grantTokens({ db: handle.db, userId: ownerId, teamId, amount: options.tokens, kind: "purchase", idempotencyKey: `pool:${teamId}` });
    return { ownerId, teamId };
  }

  async function join(teamId: string, inviterId: string, role: "admin" | "agent" = "agent") {
    const email = `${randomUUID()}@example.test`;
    const userId = await insertUser(handle, { email });
    const { token } = await inviteToTeam({ db: handle.db, actorId: inviterId, teamId, email, role, locale: "pl", origin: "http://localhost" });
    await acceptInvitation({ db: handle.db, userId, token });
    return userId;
  }

  let lastPhotoId = "";
  /** A team listing the member made, with one photo of their own: one Generate of one style costs one token. */
  async function teamListing(userId: string, teamId: string) {
    const created = await createListing({ db: handle.db, userId, teamId, name: "Złota 44" });
    const row = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: 64, height: 48, contentType: "image/webp" });
    await addListingPhotos({ db: handle.db, storage, userId, listingId: created.id, sources: [{ type: "image", imageId: row.id }] });
    lastPhotoId = row.id;
    return created.id;
  }

  const generate = (userId: string, listingId: string) => generateListing({ db: handle.db, userId, listingId, mode: "restyle", styles: ["modern"], variations: 1, params: { creativity: "balanced" }, requestId: randomUUID(), engineId: "fake" });

  it("makes the founder the owner, working in the team; members join by invitation with their role", async () => {
    const { ownerId, teamId } = await newTeam({ plan: "pro" });
    expect(await getActiveAccount({ db: handle.db, userId: ownerId })).toMatchObject({ kind: "team", teamId, role: "owner" });
    const adminId = await join(teamId, ownerId, "admin");
    const agentId = await join(teamId, adminId, "agent");
    expect(await getActiveAccount({ db: handle.db, userId: agentId })).toMatchObject({ kind: "team", teamId, role: "agent" });
    const view = await getTeam({ db: handle.db, userId: ownerId, teamId });
    expect(view.members.map((m) => m.role)).toEqual(["owner", "admin", "agent"]);
    expect(view).toMatchObject({ seats: 3, seatsUsed: 3, planId: "pro" });
    // The agent sees the team, but not the members' addresses nor the invitations.
    const seen = await getTeam({ db: handle.db, userId: agentId, teamId });
    expect(seen.members.every((m) => m.email === "")).toBe(true);
    // Switching to their own account and back is theirs to do; a stranger's team is not.
    await switchAccount({ db: handle.db, userId: agentId, teamId: null });
    expect(await getActiveAccount({ db: handle.db, userId: agentId })).toEqual({ kind: "person" });
    const stranger = await insertUser(handle);
    await expect(switchAccount({ db: handle.db, userId: stranger, teamId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getTeam({ db: handle.db, userId: stranger, teamId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lets each role do only its own: agents invite nobody, admins remove agents only, only the owner sets caps and roles", async () => {
    const { ownerId, teamId } = await newTeam({ plan: "enterprise" });
    const adminId = await join(teamId, ownerId, "admin");
    const otherAdmin = await join(teamId, ownerId, "admin");
    const agentId = await join(teamId, ownerId);
    const refused = async (promise: Promise<unknown>) => {
      const error = await promise.catch((e: unknown) => e);
      expect(code(error)).toBe("FORBIDDEN");
    };
    await refused(inviteToTeam({ db: handle.db, actorId: agentId, teamId, email: "x@example.test", role: "agent", locale: "pl" }));
    await refused(removeTeamMember({ db: handle.db, actorId: agentId, teamId, userId: adminId }));
    await refused(removeTeamMember({ db: handle.db, actorId: adminId, teamId, userId: otherAdmin }));
    await refused(removeTeamMember({ db: handle.db, actorId: adminId, teamId, userId: ownerId }));
    await refused(setMemberCap({ db: handle.db, actorId: adminId, teamId, userId: agentId, cap: 5 }));
    await refused(setMemberRole({ db: handle.db, actorId: adminId, teamId, userId: agentId, role: "admin" }));
    await refused(getTeamUsage({ db: handle.db, userId: agentId, teamId }));
    await removeTeamMember({ db: handle.db, actorId: adminId, teamId, userId: agentId });
    // The owner hands the team over: one owner at a time.
    await setMemberRole({ db: handle.db, actorId: ownerId, teamId, userId: adminId, role: "owner" });
    const roles = await handle.db.select({ userId: teamMember.userId, role: teamMember.role }).from(teamMember).where(eq(teamMember.teamId, teamId));
    expect(roles.filter((r) => r.role === "owner").map((r) => r.userId)).toEqual([adminId]);
    expect((await handle.db.select({ ownerId: team.ownerId }).from(team).where(eq(team.id, teamId)))[0]!.ownerId).toBe(adminId);
  });

  it("takes an invitation once, until it expires, for the invited address only; refuses an existing member and a full team", async () => {
    const { ownerId, teamId } = await newTeam({ plan: "pro" });
    const email = `${randomUUID()}@example.test`;
    const invited = await insertUser(handle, { email });
    const other = await insertUser(handle);
    await handle.db.update(user).set({ name: "Anna Nowak" }).where(eq(user.id, ownerId));
    const { token } = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "agent", locale: "en" });
    // The link says which team, who invited and which address, before anyone acts on it.
    expect(await findInvitation({ db: handle.db, token })).toEqual({ teamName: "Biuro Nieruchomości Wisła", invitedBy: "Anna Nowak", email, state: "open" });
    expect(await findInvitation({ db: handle.db, token, now: new Date(Date.now() + 8 * 86_400_000) })).toMatchObject({ state: "expired" });
    expect(await findInvitation({ db: handle.db, token: "not-a-token" })).toBeNull();
    expect(code(await acceptInvitation({ db: handle.db, userId: other, token }).catch((e: unknown) => e))).toBe("FORBIDDEN");
    await acceptInvitation({ db: handle.db, userId: invited, token });
    expect(await findInvitation({ db: handle.db, token })).toMatchObject({ state: "used" });
    const replay = await acceptInvitation({ db: handle.db, userId: invited, token }).catch((e: unknown) => e);
    expect([code(replay), reason(replay)]).toEqual(["GONE", "invitationUsed"]);
    const again = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email: email.toUpperCase(), role: "agent", locale: "pl" }).catch((e: unknown) => e);
    expect([code(again), reason(again)]).toEqual(["CONFLICT", "alreadyMember"]);
    // Expiry: a week later the link is dead, and it stays unused.
    const lateEmail = `${randomUUID()}@example.test`;
    const late = await insertUser(handle, { email: lateEmail });
    const expiring = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email: lateEmail, role: "agent", locale: "pl" });
    const expired = await acceptInvitation({ db: handle.db, userId: late, token: expiring.token, now: new Date(Date.now() + 8 * 86_400_000) }).catch((e: unknown) => e);
    expect([code(expired), reason(expired)]).toEqual(["GONE", "invitationExpired"]);
    expect(code(await acceptInvitation({ db: handle.db, userId: late, token: "not-a-token" }).catch((e: unknown) => e))).toBe("NOT_FOUND");
    // Pro has three seats: owner, the invited one, and one more. Two invitations sent for the last seat: the
    // first to accept takes it, the other is refused when accepting.
    const fourth = `${randomUUID()}@example.test`;
    const fourthId = await insertUser(handle, { email: fourth });
    const fourthInvitation = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email: fourth, role: "agent", locale: "pl" });
    await acceptInvitation({ db: handle.db, userId: late, token: expiring.token });
    const full = await acceptInvitation({ db: handle.db, userId: fourthId, token: fourthInvitation.token }).catch((e: unknown) => e);
    expect([code(full), reason(full)]).toEqual(["CONFLICT", "teamFull"]);
    expect(await getActiveAccount({ db: handle.db, userId: fourthId })).toEqual({ kind: "person" });
    // With every seat taken, no invitation is sent at all; the refusal says the seats.
    const noSeat = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email: `${randomUUID()}@example.test`, role: "agent", locale: "pl" }).catch((e: unknown) => e);
    expect([code(noSeat), (noSeat as { details?: unknown }).details]).toEqual(["CONFLICT", { reason: "noFreeSeat", used: 3, seats: 3, plan: "paid" }]);
    expect(errorAnswer(noSeat, { locale: "pl", context: "test" }).message).toBe(
      "Zespół nie ma wolnego miejsca (zajęte 3 z 3). Aby zaprosić kolejną osobę, właściciel może kupić dla zespołu większy plan w cenniku albo dodać miejsca w sekcji „Subskrypcja zespołu” na stronie zespołu.",
    );
  });

  it("withdraws an open invitation by an owner or admin: its link stops working; an agent cannot, an accepted one is gone", async () => {
    const { ownerId, teamId } = await newTeam({ plan: "enterprise" });
    const agentId = await join(teamId, ownerId);
    const email = `${randomUUID()}@example.test`;
    const invited = await insertUser(handle, { email });
    const { invitationId, token } = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "agent", locale: "pl" });
    await expect(withdrawInvitation({ db: handle.db, actorId: agentId, teamId, invitationId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Another team's manager names this team's invitation under their own team: not found.
    const other = await newTeam({ plan: "pro" });
    await expect(withdrawInvitation({ db: handle.db, actorId: other.ownerId, teamId: other.teamId, invitationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await withdrawInvitation({ db: handle.db, actorId: ownerId, teamId, invitationId });
    expect((await getTeam({ db: handle.db, userId: ownerId, teamId })).invitations).toEqual([]);
    expect(await findInvitation({ db: handle.db, token })).toBeNull();
    expect(code(await acceptInvitation({ db: handle.db, userId: invited, token }).catch((e: unknown) => e))).toBe("NOT_FOUND");
    expect(await getActiveAccount({ db: handle.db, userId: invited })).toEqual({ kind: "person" });
    // An accepted invitation is a membership now: removing the member is the way, not withdrawing.
    const accepted = await inviteToTeam({ db: handle.db, actorId: ownerId, teamId, email, role: "agent", locale: "pl" });
    await acceptInvitation({ db: handle.db, userId: invited, token: accepted.token });
    await expect(withdrawInvitation({ db: handle.db, actorId: ownerId, teamId, invitationId: accepted.invitationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("spends exactly the pool when 20 members generate 3 times each at once against 30 tokens", async () => {
    const { ownerId, teamId } = await newTeam({ tokens: 30, plan: "enterprise", extraSeats: 11 });
    const members = await Promise.all(Array.from({ length: 20 }, () => join(teamId, ownerId)));
    const listings = await Promise.all(members.map(async (userId) => ({ userId, listingId: await teamListing(userId, teamId) })));
    const personal = await Promise.all(members.map((userId) => getBalance({ db: handle.db, userId })));
    const results = await Promise.allSettled(listings.flatMap(({ userId, listingId }) => [0, 1, 2].map(() => generate(userId, listingId))));
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(done).toHaveLength(30);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(code(r.reason)).toBe("INSUFFICIENT_TOKENS");
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(0);
    const spends = await handle.db.select().from(tokenLedger).where(and(eq(tokenLedger.teamId, teamId), eq(tokenLedger.kind, "spend")));
    expect(spends.reduce((sum, e) => sum + e.amount, 0)).toBe(-30);
    expect(spends.every((e) => e.balanceAfter >= 0)).toBe(true);
    // The ledger says who spent on which listing; nobody's own tokens moved.
    for (const e of spends) expect(listings.some((l) => l.userId === e.userId && e.reference === `listing:${l.listingId}`)).toBe(true);
    expect(await Promise.all(members.map((userId) => getBalance({ db: handle.db, userId })))).toEqual(personal);
    const usage = await getTeamUsage({ db: handle.db, userId: ownerId, teamId });
    expect(usage.members.reduce((sum, m) => sum + m.byMonth.at(-1)!, 0)).toBe(30);
    expect(usage.recent.filter((r) => r.kind === "spend").every((r) => r.listingName === "Złota 44")).toBe(true);
  });

  it("holds a member to their monthly cap, parallel spends included, and counts refunds back", async () => {
    const { ownerId, teamId } = await newTeam({ tokens: 20, plan: "pro" });
    const agentId = await join(teamId, ownerId);
    await setMemberCap({ db: handle.db, actorId: ownerId, teamId, userId: agentId, cap: 3 });
    expect(await getMemberCapLeft({ db: handle.db, teamId, userId: agentId })).toBe(3);
    expect(await getMemberCapLeft({ db: handle.db, teamId, userId: ownerId })).toBeNull();
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => spendTokens({ db: handle.db, userId: agentId, teamId, amount: 1, idempotencyKey: `cap:${agentId}:${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refusal = (results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason;
    expect([code(refusal), reason(refusal)]).toEqual(["INSUFFICIENT_TOKENS", "monthlyCap"]);
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(17);
    await refundToken({ db: handle.db, userId: agentId, teamId, idempotencyKey: `cap-refund:${agentId}` });
    await spendTokens({ db: handle.db, userId: agentId, teamId, amount: 1, idempotencyKey: `cap:${agentId}:after-refund` });
    expect((await getTeam({ db: handle.db, userId: ownerId, teamId })).members.find((m) => m.userId === agentId)!.spentThisMonth).toBe(3);
    // What the pages say ahead of a spend the cap would refuse.
    expect(await getMemberCapLeft({ db: handle.db, teamId, userId: agentId })).toBe(0);
    // No cap: the owner spends what the pool has.
    await setMemberCap({ db: handle.db, actorId: ownerId, teamId, userId: agentId, cap: null });
    await spendTokens({ db: handle.db, userId: agentId, teamId, amount: 10, idempotencyKey: `cap:${agentId}:big` });
  });

  it("stops a removed member at once, while their running batch finishes paid by the pool and its listing stays with the team", async () => {
    const { ownerId, teamId } = await newTeam({ tokens: 5, plan: "pro" });
    const agentId = await join(teamId, ownerId);
    await grantTokens({ db: handle.db, userId: agentId, amount: 2, kind: "grant", idempotencyKey: `own:${agentId}` });
    const listingId = await teamListing(agentId, teamId);
    // The team sees a member's photos in the team's listings; nobody else does.
    expect((await getImageFile({ db: handle.db, storage, userId: ownerId, imageId: lastPhotoId })).contentType).toBe("image/webp");
    await expect(getImageFile({ db: handle.db, storage, userId: await insertUser(handle), imageId: lastPhotoId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await handle.db.delete(generationJob);
    await generate(agentId, listingId);
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(4);
    await removeTeamMember({ db: handle.db, actorId: ownerId, teamId, userId: agentId });
    // Their open page and links stop working, and they spend nothing more from the pool.
    await expect(getListing({ db: handle.db, userId: agentId, listingId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(generate(agentId, listingId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(spendTokens({ db: handle.db, userId: agentId, teamId, amount: 1, idempotencyKey: `late:${agentId}` })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await getActiveAccount({ db: handle.db, userId: agentId })).toEqual({ kind: "person" });
    // The batch queued before runs on; failing, its token goes back to the pool, not to the person.
    const failing: Engine = { id: "test", concurrency: 1, generate: () => Promise.reject(new EngineError("refused", "no")) };
    const [job] = await claimJobs({ db: handle.db, limit: 1, leaseMs: 30_000 });
    await runJob({ db: handle.db, storage, engine: failing, job: job!, stopSignal: new AbortController().signal, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    expect(await getBalance({ db: handle.db, userId: ownerId, teamId })).toBe(5);
    expect(await getBalance({ db: handle.db, userId: agentId })).toBe(2);
    // The listing is the team's: the owner still has it, the former member lists only their own.
    expect((await getListing({ db: handle.db, userId: ownerId, listingId })).id).toBe(listingId);
    expect((await listListings({ db: handle.db, userId: ownerId, teamId })).map((l) => l.id)).toContain(listingId);
    expect(await listListings({ db: handle.db, userId: agentId })).toEqual([]);
    // What they spent stays in the team's usage.
    expect((await getTeamUsage({ db: handle.db, userId: ownerId, teamId })).members.map((m) => m.userId)).toContain(agentId);
  });

  it("hands a deleted owner's team to an admin, closes a team with nobody else, and keeps the team's listings", async () => {
    const { ownerId, teamId } = await newTeam({ plan: "pro" });
    const agentId = await join(teamId, ownerId);
    const adminId = await join(teamId, ownerId, "admin");
    const listingId = (await createListing({ db: handle.db, userId: ownerId, teamId, name: "Mokotów" })).id;
    const alone = await newTeam();
    const exported = await exportTeamData({ db: handle.db, userId: ownerId });
    expect(exported.memberships.map((m) => [m.teamId, m.role])).toEqual([[teamId, "owner"]]);
    await handOverTeams({ db: handle.db, userId: ownerId });
    await handOverTeams({ db: handle.db, userId: alone.ownerId });
    await handle.db.delete(user).where(eq(user.id, ownerId));
    const [kept] = await handle.db.select({ ownerId: team.ownerId }).from(team).where(eq(team.id, teamId));
    expect(kept?.ownerId).toBe(adminId);
    expect((await handle.db.select({ userId: listing.userId }).from(listing).where(eq(listing.id, listingId)))[0]?.userId).toBe(adminId);
    expect((await getListing({ db: handle.db, userId: agentId, listingId })).id).toBe(listingId);
    expect(await handle.db.select().from(team).where(eq(team.id, alone.teamId))).toEqual([]);
  });
});
