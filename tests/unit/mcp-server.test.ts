import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The server's engine for this file: the fake engine offers every mode (the local one only restyle, paint, remove and sky).
process.env.GENERATION_ENGINE = "fake";
process.env.FAKE_ENGINE_SCRIPT = JSON.stringify({ latencyMs: 300, progressSteps: 2 });
// The engine keys' work is made for, switched by a test to an AI one (a test key's work then runs on the local engine).
const server = vi.hoisted(() => ({ engine: "fake" }));
vi.mock("@/server/generation/get-engine-info", () => ({ getEngineInfo: () => ({ id: server.engine, ai: !["fake", "local"].includes(server.engine) }) }));

const { createApiKey } = await import("@/server/api-keys/create-api-key");
const { revokeApiKey } = await import("@/server/api-keys/revoke-api-key");
const { tokenLedger } = await import("@/server/db/schema");
const { createFakeEngine, parseFakeEngineScript } = await import("@/server/engines/fake-engine");
const { startWorker } = await import("@/server/generation/start-worker");
const { startHdWorker } = await import("@/server/listings/start-hd-worker");
const { batch } = await import("@/server/db/schema");
const { storeImage } = await import("@/server/images/store-image");
const { uploadMask } = await import("@/server/images/upload-mask");
const { install } = await import("@/server/process-singletons");
const { createLocalStorage } = await import("@/server/storage/local-storage");
const { getBalance } = await import("@/server/tokens/get-balance");
const { grantTokens } = await import("@/server/tokens/grant-tokens");
const { insertUser, installDatabase, testDatabases } = await import("~/tests/support/databases");
const { POST, GET, DELETE } = await import("~/app/mcp/route");

type Handle = Awaited<ReturnType<ReturnType<typeof testDatabases>[number]["open"]>>;

describe("the MCP server, through the SDK's own client", () => {
  let handle: Handle;
  let dir: string;
  let ownerId: string;
  let imageId: string;
  let worker: ReturnType<typeof startWorker>;
  let hdWorker: ReturnType<typeof startHdWorker>;
  let exteriorId: string;
  let exterior: Buffer;

  /** The SDK's Streamable HTTP client, its requests answered by the route itself; `elicit` answers the server's questions. */
  async function connect(secret: string, elicit?: (message: string) => ElicitResult) {
    const client = new Client({ name: "test-assistant", version: "1.0.0" }, { capabilities: elicit ? { elicitation: {} } : {} });
    if (elicit) client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params.message));
    const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
      fetch: (url, init) => {
        const request = new Request(url, init);
        return { GET, DELETE }[request.method as "GET" | "DELETE"]?.(request) ?? POST(request);
      },
    });
    await client.connect(transport);
    return client;
  }
  const text = (result: object) => ((result as { content: unknown }).content as { type: string; text?: string }[]).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  const images = (result: object) => ((result as { content: unknown }).content as { type: string; mimeType?: string }[]).filter((c) => c.type === "image");

  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    installDatabase(handle);
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-mcp-"));
    const storage = createLocalStorage(dir);
    install("storage", storage);
    ownerId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId: ownerId, amount: 10, kind: "grant", idempotencyKey: `g:${ownerId}` });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#c8c0b0" } }).jpeg().toBuffer();
    imageId = (await storeImage({ db: handle.db, storage, userId: ownerId, kind: "upload", data: photo, width: 640, height: 480, contentType: "image/jpeg" })).id;
    // A house under a flat grey sky (the upper third), for the outdoor modes.
    const sky = await sharp({ create: { width: 640, height: 160, channels: 3, background: "#dfe3e8" } }).png().toBuffer();
    exterior = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#6b5a4a" } }).composite([{ input: sky, left: 0, top: 0 }]).jpeg().toBuffer();
    exteriorId = (await storeImage({ db: handle.db, storage, userId: ownerId, kind: "upload", data: exterior, width: 640, height: 480, contentType: "image/jpeg" })).id;
    worker = startWorker({ db: handle.db, storage, engine: createFakeEngine(parseFakeEngineScript(process.env.FAKE_ENGINE_SCRIPT!)), pollMs: 20, sweepEveryMs: 3_600_000 });
    // The engine's own upscaler is down: a live result's 4K copy fails (and is refunded); a test key's is a plain resampling.
    hdWorker = startHdWorker({ db: handle.db, storage, engine: { id: "fake", upscale: () => Promise.reject(new Error("the upscaler is down")) }, pollMs: 20 });
  });
  afterAll(async () => {
    await worker.stop({ graceMs: 1000 });
    await hdWorker.stop({ graceMs: 1000 });
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists every tool with a description and an input schema", async () => {
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "assistant", mode: "test", scopes: ["read", "generate", "listings"] } });
    const client = await connect(secret);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "declutter",
      "facade",
      "garden",
      "get_visualization",
      "lay_material",
      "listing",
      "paint_wall",
      "remove_object",
      "replace_object",
      "restyle",
      "sky",
      "stage",
      "style_from_photo",
      "twilight",
      "upscale_4k",
    ]);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.description, tool.name).not.toMatch(/Not available/);
      expect(tool.inputSchema.type).toBe("object");
    }
    const schema = (name: string) => tools.find((t) => t.name === name)!.inputSchema as { required?: string[]; properties: Record<string, { enum?: string[] }> };
    expect(schema("stage").required).toEqual(expect.arrayContaining(["image", "room_type", "style"]));
    expect(schema("paint_wall").required).toEqual(expect.arrayContaining(["image", "room_type", "color", "mask"]));
    // Each mode's own rules, read from its module: the sky's kinds and an optional mask, a facade's own styles, the room types.
    expect(schema("sky").required).toEqual(expect.arrayContaining(["sky"]));
    expect(schema("sky").required).not.toContain("mask");
    expect(schema("sky").properties.sky!.enum).toEqual(["clear", "light-clouds", "sunset"]);
    expect(schema("facade").properties.style!.enum).toContain("polish-manor");
    expect(schema("facade").properties.room_type!.enum).toEqual(["exterior"]);
    expect(schema("style_from_photo").required).toEqual(expect.arrayContaining(["image", "room_type", "reference"]));
    expect(schema("upscale_4k").required).toEqual(["visualization_id", "result_id"]);
    await client.close();
  });

  it("stages, restyles, declutters and paints with a test key: images, links and progress, nothing spent", async () => {
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "sandbox", mode: "test", scopes: ["read", "generate"] } });
    const client = await connect(secret);
    const before = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ownerId));
    const progress: number[] = [];
    const staged = await client.callTool({ name: "stage", arguments: { image: imageId, room_type: "living-room", style: "japandi" } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    expect(staged.isError).toBeFalsy();
    expect(images(staged)).toHaveLength(1);
    expect(text(staged)).toMatch(/succeeded.*\n.*\/api\/v1\/images\/[\w-]+\/content/s);
    expect(progress.length).toBeGreaterThan(0);
    for (const [name, args] of [
      ["restyle", { image: imageId, room_type: "living-room", style: "boho", variations: 2 }],
      ["declutter", { image: imageId, room_type: "living-room", scope: "furniture" }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
      expect(images(result).length, name).toBeGreaterThan(0);
    }
    const mask = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#000" } })
      .composite([{ input: await sharp({ create: { width: 200, height: 480, channels: 3, background: "#fff" } }).png().toBuffer(), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const maskId = (await uploadMask({ userId: ownerId, source: { type: "image", imageId }, body: Readable.toWeb(Readable.from([mask])) as ReadableStream<Uint8Array> })).image.id;
    const painted = await client.callTool({ name: "paint_wall", arguments: { image: imageId, room_type: "living-room", color: "#2E5E4E", mask: maskId } });
    expect(painted.isError, text(painted)).toBeFalsy();
    expect(images(painted)).toHaveLength(1);
    expect(await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ownerId))).toEqual(before);
    await client.close();
  });

  it("states the cost and asks for confirmation above the threshold before spending, with a live key", async () => {
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "live", scopes: ["read", "generate", "listings"] } });
    const client = await connect(secret);
    const balance = await getBalance({ db: handle.db, userId: ownerId });
    const asked = await client.callTool({ name: "restyle", arguments: { image: imageId, room_type: "bedroom", style: "modern", variations: 4 } });
    expect(text(asked)).toMatch(/costs 4 tokens.*confirm: true/s);
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance);
    const spent = await client.callTool({ name: "restyle", arguments: { image: imageId, room_type: "bedroom", style: "modern", variations: 4, confirm: true } });
    expect(spent.isError, text(spent)).toBeFalsy();
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance - 4);
    const listing = await client.callTool({ name: "listing", arguments: { name: "ul. Prosta 1", images: [imageId], room_type: "living-room", mode: "stage", styles: ["japandi"] } });
    expect(listing.isError, text(listing)).toBeFalsy();
    expect(text(listing)).toMatch(/\/api\/v1\/listings\/[\w-]+\/zip/);
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance - 5);
    // The house's exterior added to it: a twilight makes that photo alone, for one token.
    const listingId = /listings\/([\w-]+)\/zip/.exec(text(listing))![1]!;
    const twilight = await client.callTool({ name: "listing", arguments: { listing_id: listingId, images: [exteriorId], room_type: "exterior", mode: "twilight" } });
    expect(twilight.isError, text(twilight)).toBeFalsy();
    expect(text(twilight)).toContain("spent 1 token, the balance");
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance - 6);
    await client.close();
  });

  it("asks a client that can answer (elicitation) before spending above the threshold, and spends only on its yes", async () => {
    await grantTokens({ db: handle.db, userId: ownerId, amount: 8, kind: "grant", idempotencyKey: `g2:${ownerId}` });
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "asking", scopes: ["read", "generate"] } });
    const asked: string[] = [];
    let answer: ElicitResult = { action: "decline" };
    const client = await connect(secret, (message) => {
      asked.push(message);
      return answer;
    });
    const balance = await getBalance({ db: handle.db, userId: ownerId });
    const call = () => client.callTool({ name: "restyle", arguments: { image: imageId, room_type: "bedroom", style: "modern", variations: 4 } });
    const declined = await call();
    expect(text(declined)).toMatch(/did not agree to spend 4 tokens\. Nothing was spent/);
    expect(asked).toEqual([`This costs 4 tokens (the balance is ${balance}). Spend them?`]);
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance);
    answer = { action: "accept", content: { confirm: true } };
    const spent = await call();
    expect(spent.isError, text(spent)).toBeFalsy();
    expect(images(spent)).toHaveLength(4);
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance - 4);
    await client.close();
  });

  /** The ids a tool's answer names: the visualization's and its first result's. */
  const ids = (result: object) => ({ visualization_id: /Visualization (\S+):/.exec(text(result))![1]!, result_id: /\(result (\S+)\)/.exec(text(result))![1]! });
  const meanOf = async (picture: Buffer) => (await sharp(picture).stats()).channels.slice(0, 3).map((c) => c.mean);

  it("replaces a sky, makes a twilight, restyles a facade, landscapes a garden and follows a reference photo's look, with a test key", async () => {
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "outdoors", mode: "test", scopes: ["read", "generate"] } });
    const client = await connect(secret);
    const reference = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#2f6f4f" } }).jpeg().toBuffer();
    const referenceId = (await storeImage({ db: handle.db, storage: createLocalStorage(dir), userId: ownerId, kind: "upload", data: reference, width: 320, height: 240, contentType: "image/jpeg" })).id;
    const made: Record<string, object> = {};
    for (const [name, args] of [
      ["sky", { image: exteriorId, room_type: "exterior", sky: "sunset" }],
      ["twilight", { image: exteriorId, room_type: "exterior" }],
      ["facade", { image: exteriorId, room_type: "exterior", style: "polish-manor" }],
      ["garden", { image: exteriorId, room_type: "garden", style: "zen" }],
      ["style_from_photo", { image: imageId, room_type: "living-room", reference: referenceId }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
      expect(images(result), name).toHaveLength(1);
      expect(text(result), name).toMatch(/: succeeded\. Spent 0 tokens/);
      made[name] = result;
    }
    const picture = (result: object) => Buffer.from((images(result)[0] as unknown as { data: string }).data, "base64");
    const [red, , blue] = await meanOf(picture(made.twilight!));
    const [red0, , blue0] = await meanOf(exterior);
    // Dusk: the fake engine's stand-in darkens and blues the whole photo.
    expect(blue! - red!).toBeGreaterThan(blue0! - red0! + 20);
    // The sunset sky is warm near the horizon (the grey one's lowest rows) where the grey one was neutral, a little blue.
    const sunset = sharp(picture(made.sky!));
    const { width = 0, height = 0 } = await sunset.metadata();
    const [skyRed, , skyBlue] = await meanOf(await sunset.extract({ left: 0, top: Math.floor(height * 0.27), width, height: Math.floor(height * 0.05) }).png().toBuffer());
    expect(skyRed!).toBeGreaterThan(skyBlue!);
    expect((await handle.db.select({ mode: batch.mode }).from(batch).where(eq(batch.userId, ownerId))).map((b) => b.mode)).toEqual(expect.arrayContaining(["sky", "twilight", "facade", "garden", "reference"]));
    await client.close();
  });

  it("makes a result's 4K copy and answers its link; a copy that cannot be made refunds its token; get_visualization shows both", async () => {
    const test = await connect((await createApiKey({ db: handle.db, ownerId, input: { name: "4k-test", mode: "test", scopes: ["read", "generate"] } })).secret);
    const twilight = await test.callTool({ name: "twilight", arguments: { image: exteriorId, room_type: "exterior" } });
    const progress: number[] = [];
    const hd = await test.callTool({ name: "upscale_4k", arguments: ids(twilight) }, undefined, { onprogress: (p) => progress.push(p.progress) });
    expect(hd.isError, text(hd)).toBeFalsy();
    expect(text(hd)).toMatch(/4K copy ready, 3840×2880 px: http\S+\/api\/v1\/images\/[\w-]+\/content/);
    expect(text(hd)).toMatch(/Nothing spent/);
    expect(progress.length).toBeGreaterThan(0);
    const seen = await test.callTool({ name: "get_visualization", arguments: { visualization_id: ids(twilight).visualization_id } });
    expect(seen.isError, text(seen)).toBeFalsy();
    expect(images(seen)).toHaveLength(1);
    expect(text(seen)).toMatch(/succeeded.*4K copy ready, 3840×2880 px/);
    await test.close();

    await grantTokens({ db: handle.db, userId: ownerId, amount: 2, kind: "grant", idempotencyKey: `g4k:${ownerId}` });
    const live = await connect((await createApiKey({ db: handle.db, ownerId, input: { name: "4k-live", scopes: ["read", "generate"] } })).secret);
    const restyled = await live.callTool({ name: "restyle", arguments: { image: imageId, room_type: "bedroom", style: "japandi" } });
    const balance = await getBalance({ db: handle.db, userId: ownerId });
    const failed = await live.callTool({ name: "upscale_4k", arguments: ids(restyled) });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toMatch(/4K copy failed: it could not be made and its token was refunded/);
    expect(await getBalance({ db: handle.db, userId: ownerId })).toBe(balance);
    expect(text(await live.callTool({ name: "get_visualization", arguments: { visualization_id: ids(restyled).visualization_id } }))).toMatch(/4K copy failed/);
    // Another account's visualization is not found.
    expect(text(await live.callTool({ name: "get_visualization", arguments: { visualization_id: "not-mine" } }))).toMatch(/^NOT_FOUND/);
    await live.close();
  });

  it("refuses a mode the key's engine cannot do with the API's own refusal, spending nothing", async () => {
    // An AI engine on the server: a test key's work runs on the local engine, which has no twilight.
    server.engine = "replicate";
    try {
      const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "local-only", mode: "test", scopes: ["read", "generate"] } });
      const client = await connect(secret);
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === "twilight")!.description).toMatch(/Not available with this key: its engine \(local\) cannot make it/);
      expect(tools.find((t) => t.name === "sky")!.description).not.toMatch(/Not available/);
      const batches = await handle.db.select({ id: batch.id }).from(batch).where(eq(batch.userId, ownerId));
      const refused = await client.callTool({ name: "twilight", arguments: { image: exteriorId, room_type: "exterior" } });
      expect(refused.isError).toBe(true);
      // The API's refusal, in the client's language (Polish without an Accept-Language).
      expect(text(refused)).toBe("INVALID_INPUT: Silnik tej pracy – lokalny (bez AI) – nie wykona tej edycji. Tryby, które wykona: restyle, remove, paint, sky.");
      expect(await handle.db.select({ id: batch.id }).from(batch).where(eq(batch.userId, ownerId))).toEqual(batches);
      await client.close();
    } finally {
      server.engine = "fake";
    }
  });

  it("refuses a missing, revoked or under-scoped key", async () => {
    const refused = await POST(new Request("http://localhost/mcp", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const { key, secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "gone", scopes: ["read"] } });
    const client = await connect(secret);
    const noScope = await client.callTool({ name: "stage", arguments: { image: imageId, room_type: "living-room", style: "japandi" } });
    expect(noScope.isError).toBe(true);
    expect(text(noScope)).toMatch(/^FORBIDDEN/);
    await revokeApiKey({ db: handle.db, ownerId, keyId: key.id });
    await expect(client.listTools()).rejects.toThrow();
  });
});
