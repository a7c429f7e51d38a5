import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateApiKey } from "@/server/api-keys/authenticate-api-key";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { listApiKeys } from "@/server/api-keys/list-api-keys";
import type { Handle } from "@/server/db/client";
import { batch, image, subscription, tokenLedger, webhookDelivery } from "@/server/db/schema";
import { createLocalEngine } from "@/server/engines/local-engine";
import { startWorker } from "@/server/generation/start-worker";
import { getImageFile } from "@/server/images/get-image-file";
import { listGallery } from "@/server/images/list-gallery";
import { uploadImage } from "@/server/images/upload-image";
import { collectWebhookEvents } from "@/server/webhooks/collect-webhook-events";
import { createWebhookEndpoint } from "@/server/webhooks/create-webhook-endpoint";
import { createListing } from "@/server/listings/create-listing";
import { getListing } from "@/server/listings/get-listing";
import { parseInput } from "@/server/parse-input";
import { getVisualization } from "@/server/public-api/get-visualization";
import { startVisualization } from "@/server/public-api/start-visualization";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { createVisualizationSchema } from "@/schemas/public-api";
import { insertUser, installDatabase, testDatabases } from "~/tests/support/databases";
import { acceptInvitation } from "./accept-invitation";
import { createTeam } from "./create-team";
import { createTeamApiKey } from "./create-team-api-key";
import { inviteToTeam } from "./invite-to-team";
import { listTeamApiKeys } from "./list-team-api-keys";
import { removeTeamMember } from "./remove-team-member";
import { revokeTeamApiKey } from "./revoke-team-api-key";
import { setMemberRole } from "./set-member-role";

const body = (data: Buffer) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(data));
      controller.close();
    },
  });

describe("a team's API keys on pglite", () => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;
  let photo: Buffer;

  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    installDatabase(handle);
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-team-keys-"));
    storage = createLocalStorage(dir);
    photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: "#8090a0" } }).jpeg().toBuffer();
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const authenticate = (secret: string) => authenticateApiKey({ db: handle.db, authorization: `Bearer ${secret}`, scope: "generate", clientAddress: "203.0.113.9" });
  const restyle = (imageId: string) => parseInput(createVisualizationSchema, { source: { type: "image", imageId }, roomType: "living-room", mode: "restyle", styles: ["japandi"] });

  async function teamWith(role: "admin" | "agent") {
    const db = handle.db;
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db, userId: ownerId, name: "Agencja Praga" });
    await db.insert(subscription).values({ userId: ownerId, teamId, provider: "sandbox", providerSubscriptionId: `sub_${teamId}`, planId: "pro", status: "active", paidUntil: new Date(Date.now() + 30 * 86_400_000) });
    await grantTokens({ db, userId: ownerId, teamId, amount: 10, kind: "purchase", idempotencyKey: `pool:${teamId}` });
    const email = `${randomUUID()}@example.test`;
    const memberId = await insertUser(handle, { email });
    const { token } = await inviteToTeam({ db, actorId: ownerId, teamId, email, role, locale: "en", origin: "http://localhost" });
    await acceptInvitation({ db, userId: memberId, token });
    return { ownerId, memberId, teamId };
  }

  it("lets the owner make a team key whose work spends the pool and is the team's, apart from the owner's own keys", async () => {
    const db = handle.db;
    const { ownerId, memberId: agentId, teamId } = await teamWith("agent");
    await grantTokens({ db, userId: ownerId, amount: 4, kind: "grant", idempotencyKey: `own:${ownerId}` });
    const own = await createApiKey({ db, ownerId, input: { name: "Mine", scopes: ["read", "generate"] } });
    const made = await createTeamApiKey({ db, actorId: ownerId, teamId, input: { name: "CRM", scopes: ["read", "generate"] } });
    expect((await listTeamApiKeys({ db, actorId: ownerId, teamId })).map((k) => k.id)).toEqual([made.key.id]);
    expect((await listApiKeys({ db, ownerId })).map((k) => k.id)).toEqual([own.key.id]);
    // An agent neither makes nor sees the team's keys.
    await expect(createTeamApiKey({ db, actorId: agentId, teamId, input: { name: "Mine too", scopes: ["read"] } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listTeamApiKeys({ db, actorId: agentId, teamId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listTeamApiKeys({ db, actorId: await insertUser(handle), teamId })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const caller = await authenticate(made.secret);
    expect(caller).toMatchObject({ ownerId, teamId });
    const upload = await uploadImage({ db, storage, userId: caller.ownerId, teamId: caller.teamId, clientAddress: "203.0.113.9", body: body(photo) });
    const started = await startVisualization({ db, caller, request: restyle(upload.id), requestId: randomUUID() });
    expect(started.balance).toBe(9);
    expect(await getBalance({ db, userId: ownerId })).toBe(4);
    const [row] = await db.select({ teamId: batch.teamId }).from(batch).where(eq(batch.id, started.visualization.id));
    expect(row?.teamId).toBe(teamId);
    const [spend] = await db.select({ teamId: tokenLedger.teamId, userId: tokenLedger.userId }).from(tokenLedger).where(eq(tokenLedger.reference, `batch:${started.visualization.id}`));
    expect(spend).toEqual({ teamId, userId: ownerId });
    // Every member sees it in the team; the owner's own key sees none of it in the owner's own account.
    expect((await getVisualization({ db, ownerId: agentId, id: started.visualization.id })).id).toBe(started.visualization.id);
    const ownCaller = await authenticate(own.secret);
    expect(await listGallery({ db, userId: ownCaller.ownerId, teamId: ownCaller.teamId })).toEqual([]);
    const listing = await createListing({ db, userId: caller.ownerId, teamId: caller.teamId, name: "Ząbkowska 12" });
    expect((await getListing({ db, userId: agentId, listingId: listing.id })).id).toBe(listing.id);

    // Revoked, it works no more.
    await expect(revokeTeamApiKey({ db, actorId: agentId, teamId, keyId: made.key.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await revokeTeamApiKey({ db, actorId: ownerId, teamId, keyId: made.key.id });
    await expect(authenticate(made.secret)).rejects.toMatchObject({ code: "UNAUTHORIZED", details: { reason: "apiKeyRevoked" } });
  });

  it("stops a team key once its maker is no longer the team's owner or admin, and a removed member's own key and endpoint reach nothing of the team", async () => {
    const db = handle.db;
    const { ownerId, memberId: adminId, teamId } = await teamWith("admin");
    const teamKey = await createTeamApiKey({ db, actorId: adminId, teamId, input: { name: "Portal", scopes: ["read", "generate"] } });
    const ownKey = await createApiKey({ db, ownerId: adminId, input: { name: "Mine", scopes: ["read", "generate"] } });
    const endpoint = await createWebhookEndpoint({ db, ownerId: adminId, url: "https://hooks.example.test/mine", mode: "live" });
    const told = async () => db.select({ type: webhookDelivery.type }).from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpoint.id));
    const runJobs = async () => {
      const worker = startWorker({ db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
      await worker.idle();
      await worker.stop({ graceMs: 1000 });
      await collectWebhookEvents({ db });
    };
    const caller = await authenticate(teamKey.secret);
    const upload = await uploadImage({ db, storage, userId: caller.ownerId, teamId: caller.teamId, clientAddress: "203.0.113.9", body: body(photo) });
    // While a member, the maker's account-wide endpoint hears of the team work the key made.
    await startVisualization({ db, caller, request: restyle(upload.id), requestId: randomUUID() });
    await runJobs();
    expect((await told()).map((d) => d.type)).toEqual(expect.arrayContaining(["result.ready", "visualization.finished"]));
    await db.delete(webhookDelivery).where(eq(webhookDelivery.endpointId, endpoint.id));
    const started = await startVisualization({ db, caller, request: restyle(upload.id), requestId: randomUUID() });

    // Made an agent, the admin's team key stops; the owner still sees it among the team's keys.
    await setMemberRole({ db, actorId: ownerId, teamId, userId: adminId, role: "agent" });
    await expect(authenticate(teamKey.secret)).rejects.toMatchObject({ code: "UNAUTHORIZED", details: { reason: "apiKeyRevoked" } });
    expect((await listTeamApiKeys({ db, actorId: ownerId, teamId })).map((k) => k.id)).toEqual([teamKey.key.id]);

    await removeTeamMember({ db, actorId: ownerId, teamId, userId: adminId });
    // Removed while its work runs, the former admin's endpoint is told nothing more of it.
    await runJobs();
    expect(await told()).toEqual([]);
    const own = await authenticate(ownKey.secret);
    expect(own.teamId).toBeNull();
    await expect(getVisualization({ db, ownerId: own.ownerId, id: started.visualization.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getImageFile({ db, storage, userId: own.ownerId, imageId: upload.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [photoRow] = await db.select({ teamId: image.teamId }).from(image).where(eq(image.id, upload.id));
    expect(photoRow?.teamId).toBe(teamId);
    expect((await getVisualization({ db, ownerId, id: started.visualization.id })).id).toBe(started.visualization.id);
  });
});
