import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The server's engine for this file: the fake engine offers every mode (the local one only restyle, paint and remove).
process.env.GENERATION_PROVIDER = "fake";
process.env.FAKE_ENGINE_SCRIPT = JSON.stringify({ latencyMs: 300, progressSteps: 2 });

const { createApiKey } = await import("@/server/api-keys/create-api-key");
const { revokeApiKey } = await import("@/server/api-keys/revoke-api-key");
const { tokenLedger } = await import("@/server/db/schema");
const { createFakeEngine, parseFakeEngineScript } = await import("@/server/engines/fake-engine");
const { startWorker } = await import("@/server/generation/start-worker");
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
    worker = startWorker({ db: handle.db, storage, engine: createFakeEngine(parseFakeEngineScript(process.env.FAKE_ENGINE_SCRIPT!)), pollMs: 20, sweepEveryMs: 3_600_000 });
  });
  afterAll(async () => {
    await worker.stop({ graceMs: 1000 });
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists every tool with a description and an input schema", async () => {
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: "assistant", mode: "test", scopes: ["read", "generate", "listings"] } });
    const client = await connect(secret);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["declutter", "listing", "paint_wall", "restyle", "stage"]);
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
    }
    expect(tools.find((t) => t.name === "stage")!.inputSchema.required).toEqual(expect.arrayContaining(["image", "room_type", "style"]));
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
