import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { image, subscription, user } from "@/server/db/schema";
import type { Engine } from "@/server/engines/engine";
import { claimJobs } from "@/server/generation/claim-jobs";
import { claimResultHdOrders } from "@/server/generation/claim-result-hd-orders";
import { createBatch } from "@/server/generation/create-batch";
import { getBatch } from "@/server/generation/get-batch";
import { getResultHd } from "@/server/generation/get-result-hd";
import { listDesignBatches } from "@/server/generation/list-design-batches";
import { listRecentBatches } from "@/server/generation/list-recent-batches";
import { makeResultHd } from "@/server/generation/make-result-hd";
import { orderResultHd } from "@/server/generation/order-result-hd";
import { runJob } from "@/server/generation/run-job";
import { getImageFile } from "@/server/images/get-image-file";
import { listGallery } from "@/server/images/list-gallery";
import { uploadImage } from "@/server/images/upload-image";
import { uploadMask } from "@/server/images/upload-mask";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { chooseListingResult } from "@/server/listings/choose-listing-result";
import { claimHdOrders } from "@/server/listings/claim-hd-orders";
import { createListing } from "@/server/listings/create-listing";
import { deleteListing } from "@/server/listings/delete-listing";
import { generateListing } from "@/server/listings/generate-listing";
import { getListing } from "@/server/listings/get-listing";
import { makeHdCopy } from "@/server/listings/make-hd-copy";
import { orderHdCopy } from "@/server/listings/order-hd-copy";
import { updateListing } from "@/server/listings/update-listing";
import { errorAnswer } from "@/server/http/error-answer";
import { parseInput } from "@/server/parse-input";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { createBatchSchema } from "@/schemas/generation";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { acceptInvitation } from "./accept-invitation";
import { createTeam } from "./create-team";
import { handOverTeams } from "./hand-over-teams";
import { inviteToTeam } from "./invite-to-team";
import { removeTeamMember } from "./remove-team-member";

const W = 480;
const H = 320;

/** An engine that answers a flat room-coloured picture at the photo's size. */
const flat: Engine = {
  id: "test",
  concurrency: 4,
  async generate() {
    return { image: await sharp({ create: { width: W, height: H, channels: 3, background: "#d8d0c0" } }).png().toBuffer() };
  },
};

const body = (data: Buffer) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(data));
      controller.close();
    },
  });

describe.each(testDatabases())("work made in a team on $name", ({ open }) => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;
  let photo: Buffer;
  let mask: Buffer;

  beforeAll(async () => {
    handle = await open();
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-team-work-"));
    storage = createLocalStorage(dir);
    photo = await sharp({ create: { width: W, height: H, channels: 3, background: "#8090a0" } }).jpeg().toBuffer();
    const half = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#000"/><rect x="${W / 2}" width="${W / 2}" height="${H}" fill="#fff"/></svg>`;
    mask = await sharp(Buffer.from(half)).png().toBuffer();
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A Pro team with `tokens` in its pool, its owner and one agent, both working in it. */
  async function teamOfTwo(tokens: number) {
    const db = handle.db;
    const ownerId = await insertUser(handle);
    const { id: teamId } = await createTeam({ db, userId: ownerId, name: "Biuro Wisła" });
    await db.insert(subscription).values({ userId: ownerId, teamId, provider: "sandbox", providerSubscriptionId: `sub_${teamId}`, planId: "pro", status: "active", paidUntil: new Date(Date.now() + 30 * 86_400_000) });
    await grantTokens({ db, userId: ownerId, teamId, amount: tokens, kind: "purchase", idempotencyKey: `pool:${teamId}` });
    const email = `${randomUUID()}@example.test`;
    const agentId = await insertUser(handle, { email });
    const { token } = await inviteToTeam({ db, actorId: ownerId, teamId, email, role: "agent", locale: "pl", origin: "http://localhost" });
    await acceptInvitation({ db, userId: agentId, token });
    return { ownerId, agentId, teamId };
  }

  /** What the agent makes in the team: a photo, a mask over it, a batch from both and its result. */
  async function madeInTeam(agentId: string, teamId: string) {
    const db = handle.db;
    const upload = await uploadImage({ db, storage, userId: agentId, teamId, clientAddress: "198.51.100.7", body: body(photo) });
    const { image: painted } = await uploadMask({ db, storage, userId: agentId, teamId, source: { type: "image", imageId: upload.id }, body: body(mask) });
    const request = parseInput(createBatchSchema, { source: { type: "image", imageId: upload.id }, mode: "remove", maskImageId: painted.id, roomType: "bedroom", requestId: randomUUID() });
    const { batch } = await createBatch({ db, userId: agentId, teamId, request, engineId: "fake", storage });
    const [job] = await claimJobs({ db, limit: 1, leaseMs: 30_000 });
    await runJob({ db, storage, engine: flat, job: job!, stopSignal: new AbortController().signal, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const made = await getBatch({ db, userId: agentId, batchId: batch.id });
    const visualization = made.visualizations[0]!;
    return { uploadId: upload.id, maskId: painted.id, batchId: batch.id, visualizationId: visualization.id, resultId: visualization.result!.id };
  }

  it("makes a photo, its mask, its batch, its result and its 4K copy the team's, seen by every member and only in the team", async () => {
    const db = handle.db;
    const { ownerId, agentId, teamId } = await teamOfTwo(5);
    await grantTokens({ db, userId: agentId, amount: 3, kind: "grant", idempotencyKey: `own:${agentId}` });
    const made = await madeInTeam(agentId, teamId);
    const rows = await db.select({ id: image.id, teamId: image.teamId, kind: image.kind }).from(image).where(eq(image.teamId, teamId));
    expect(rows.map((r) => r.id).sort()).toEqual([made.uploadId, made.maskId, made.resultId].sort());
    // The pool paid; the agent's own tokens did not move.
    expect(await getBalance({ db, userId: ownerId, teamId })).toBe(4);
    expect(await getBalance({ db, userId: agentId })).toBe(3);

    // The team's gallery and batches are every member's, in the team; none of it is in anyone's own.
    expect((await listGallery({ db, userId: ownerId, teamId })).map((i) => i.id).sort()).toEqual([made.uploadId, made.resultId].sort());
    expect(await listGallery({ db, userId: agentId, teamId: null })).toEqual([]);
    expect((await listRecentBatches({ db, userId: ownerId, teamId })).map((b) => b.id)).toEqual([made.batchId]);
    expect((await listDesignBatches({ db, userId: ownerId, teamId })).map((b) => b.id)).toEqual([made.batchId]);
    expect(await listRecentBatches({ db, userId: agentId, teamId: null })).toEqual([]);
    for (const imageId of [made.uploadId, made.maskId, made.resultId]) {
      expect((await getImageFile({ db, storage, userId: ownerId, imageId })).data.length).toBeGreaterThan(0);
    }
    expect((await getBatch({ db, userId: ownerId, batchId: made.batchId })).id).toBe(made.batchId);

    // The owner orders the 4K copy of the agent's result: the pool pays, the copy is the team's.
    expect(await orderResultHd({ db, userId: ownerId, visualizationId: made.visualizationId })).toEqual({ state: "queued", balance: 3 });
    const [order] = await claimResultHdOrders({ db, limit: 1 });
    expect(await makeResultHd({ db, storage, engine: { id: "local" }, order: order! })).toMatchObject({ outcome: "made" });
    const hd = (await getResultHd({ db, userId: agentId, visualizationId: made.visualizationId })).hd!;
    expect((await db.select({ teamId: image.teamId }).from(image).where(eq(image.id, hd.id)))[0]?.teamId).toBe(teamId);

    // A stranger reaches nothing of it.
    const stranger = await insertUser(handle);
    await expect(getImageFile({ db, storage, userId: stranger, imageId: made.resultId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getBatch({ db, userId: stranger, batchId: made.batchId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(orderResultHd({ db, userId: stranger, visualizationId: made.visualizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Working in the team, a person's own photo is not the team's to start from (nor the other way round).
    const own = await uploadImage({ db, storage, userId: agentId, clientAddress: "198.51.100.7", body: body(photo) });
    const fromOwn = parseInput(createBatchSchema, { source: { type: "image", imageId: own.id }, roomType: "bedroom", styles: ["modern"], requestId: randomUUID() });
    await expect(createBatch({ db, userId: agentId, teamId, request: fromOwn, engineId: "fake", storage })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const fromTeam = parseInput(createBatchSchema, { source: { type: "image", imageId: made.uploadId }, roomType: "bedroom", styles: ["modern"], requestId: randomUUID() });
    await expect(createBatch({ db, userId: agentId, request: fromTeam, engineId: "fake", storage })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("takes all of it from a removed member at once, keeps it for the team, and leaves the member's own work theirs", async () => {
    const db = handle.db;
    const { ownerId, agentId, teamId } = await teamOfTwo(5);
    const made = await madeInTeam(agentId, teamId);
    const own = await uploadImage({ db, storage, userId: agentId, clientAddress: "198.51.100.7", body: body(photo) });
    await removeTeamMember({ db, actorId: ownerId, teamId, userId: agentId });

    for (const imageId of [made.uploadId, made.maskId, made.resultId]) {
      await expect(getImageFile({ db, storage, userId: agentId, imageId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await getImageFile({ db, storage, userId: ownerId, imageId })).data.length).toBeGreaterThan(0);
    }
    await expect(getBatch({ db, userId: agentId, batchId: made.batchId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(orderResultHd({ db, userId: agentId, visualizationId: made.visualizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getResultHd({ db, userId: agentId, visualizationId: made.visualizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(uploadMask({ db, storage, userId: agentId, teamId: null, source: { type: "image", imageId: made.uploadId }, body: body(mask) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // The team's owner still has all of it, the former member only their own.
    expect((await listGallery({ db, userId: ownerId, teamId })).map((i) => i.id).sort()).toEqual([made.uploadId, made.resultId].sort());
    expect((await listGallery({ db, userId: agentId, teamId: null })).map((i) => i.id)).toEqual([own.id]);
    expect((await getImageFile({ db, storage, userId: agentId, imageId: own.id })).data.length).toBeGreaterThan(0);
  });

  it("makes a team listing's photo, result and HD copy the team's, ordered by any member from the pool", async () => {
    const db = handle.db;
    const { ownerId, agentId, teamId } = await teamOfTwo(5);
    const listing = await createListing({ db, userId: agentId, teamId, name: "Złota 44" });
    const upload = await uploadImage({ db, storage, userId: agentId, teamId, clientAddress: "198.51.100.7", body: body(photo) });
    await addListingPhotos({ db, storage, userId: agentId, listingId: listing.id, sources: [{ type: "image", imageId: upload.id }] });
    await generateListing({ db, userId: agentId, listingId: listing.id, mode: "restyle", styles: ["modern"], variations: 1, params: { creativity: "balanced" }, requestId: randomUUID(), engineId: "fake" });
    const [job] = await claimJobs({ db, limit: 1, leaseMs: 30_000 });
    await runJob({ db, storage, engine: flat, job: job!, stopSignal: new AbortController().signal, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const [shown] = (await getListing({ db, userId: ownerId, listingId: listing.id })).photos;
    const result = shown!.results[0]!;
    await chooseListingResult({ db, userId: ownerId, listingId: listing.id, photoId: shown!.id, visualizationId: result.visualizationId });
    await grantTokens({ db, userId: ownerId, amount: 2, kind: "grant", idempotencyKey: `own:${ownerId}` });
    // The pool pays for the team listing's HD copy, and gets the token back when the copy cannot be made.
    expect(await orderHdCopy({ db, userId: ownerId, listingId: listing.id, photoId: shown!.id })).toEqual({ state: "queued", balance: 3 });
    const [failed] = await claimHdOrders({ db, limit: 1 });
    expect(await makeHdCopy({ db, storage, engine: { upscale: () => Promise.reject(new Error("upscaler down")) }, order: failed! })).toMatchObject({ outcome: "failed" });
    expect(await getBalance({ db, userId: ownerId, teamId })).toBe(4);
    expect(await orderHdCopy({ db, userId: ownerId, listingId: listing.id, photoId: shown!.id })).toEqual({ state: "queued", balance: 3 });
    const [order] = await claimHdOrders({ db, limit: 1 });
    expect(await makeHdCopy({ db, storage, engine: {}, order: order! })).toMatchObject({ outcome: "made" });
    expect(await getBalance({ db, userId: ownerId })).toBe(2);
    const hd = (await getListing({ db, userId: ownerId, listingId: listing.id })).photos[0]!.hd!;
    const teamOf = async (id: string) => (await db.select({ teamId: image.teamId }).from(image).where(eq(image.id, id)))[0]?.teamId;
    expect([await teamOf(upload.id), await teamOf(result.result!.id), await teamOf(hd.id)]).toEqual([teamId, teamId, teamId]);

    await removeTeamMember({ db, actorId: ownerId, teamId, userId: agentId });
    for (const imageId of [upload.id, result.result!.id, hd.id]) {
      await expect(getImageFile({ db, storage, userId: agentId, imageId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await getImageFile({ db, storage, userId: ownerId, imageId })).data.length).toBeGreaterThan(0);
    }
  });

  it("lets every current member rename and delete a team listing, a removed member none, and keeps a person's own listing theirs", async () => {
    const db = handle.db;
    const { ownerId, agentId, teamId } = await teamOfTwo(5);
    const listing = await createListing({ db, userId: agentId, teamId, name: "Złota 44" });
    const spare = await createListing({ db, userId: agentId, teamId, name: "Hoża 3" });
    const own = await createListing({ db, userId: agentId, teamId: null, name: "Moje mieszkanie" });
    // The owner renames the agent's team listing; the agent still can while a member.
    await updateListing({ db, userId: ownerId, listingId: listing.id, name: "Złota 44, lokal 5" });
    await updateListing({ db, userId: agentId, listingId: listing.id, disclosureLabel: false });
    expect(await getListing({ db, userId: agentId, listingId: listing.id })).toMatchObject({ name: "Złota 44, lokal 5", disclosureLabel: false });
    // A person's own listing is no team member's to change.
    await expect(updateListing({ db, userId: ownerId, listingId: own.id, name: "Cudze" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteListing({ db, userId: ownerId, listingId: own.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    await removeTeamMember({ db, actorId: ownerId, teamId, userId: agentId });
    const gone = await updateListing({ db, userId: agentId, listingId: listing.id, name: "Po odejściu" }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ code: "NOT_FOUND" });
    // The sentence names both causes (deleted, or no longer in its team) without saying which.
    expect(errorAnswer(gone, { locale: "pl", context: "test" }).message).toBe("To ogłoszenie nie jest już dla Ciebie dostępne: mogło zostać usunięte albo nie należysz już do jego zespołu.");
    await expect(deleteListing({ db, userId: agentId, listingId: listing.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getListing({ db, userId: ownerId, listingId: listing.id })).name).toBe("Złota 44, lokal 5");
    // The team's owner deletes what the former member made; the member's own listing stays theirs.
    await deleteListing({ db, userId: ownerId, listingId: spare.id });
    await expect(getListing({ db, userId: ownerId, listingId: spare.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await updateListing({ db, userId: agentId, listingId: own.id, name: "Moje mieszkanie 2" });
    await deleteListing({ db, userId: agentId, listingId: own.id });
  });

  it("keeps a deleted member's team work with the team, handed to its owner", async () => {
    const db = handle.db;
    const { ownerId, agentId, teamId } = await teamOfTwo(5);
    const made = await madeInTeam(agentId, teamId);
    await handOverTeams({ db, userId: agentId });
    await db.delete(user).where(eq(user.id, agentId));
    for (const imageId of [made.uploadId, made.maskId, made.resultId]) {
      expect((await getImageFile({ db, storage, userId: ownerId, imageId })).data.length).toBeGreaterThan(0);
    }
    expect((await getBatch({ db, userId: ownerId, batchId: made.batchId })).visualizations).toHaveLength(1);
  });
});
