/**
 * The public API from the outside: a key made in the settings, then the typed client generated from the OpenAPI
 * document (src/api-client) against a running server on the fake engine, a local webhook receiver, the listing's
 * ZIP, and the refusals a developer meets first.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { createAranzerClient } from "../../src/api-client";
import { verifyWebhookSignature } from "../../src/server/webhooks/sign-webhook";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, signIn, test } from "./fixtures";

const PHOTO = readFileSync("tests/fixtures/bedroom-cc0-1600x1067.jpg");

type Delivery = { body: string; signature: string | null };

/** Makes a key on the settings page and reads its secret from the one place it is shown. */
async function createKey(page: Page, base: string, options: { name: string; test?: boolean; scopes?: string[] }): Promise<string> {
  await page.goto(`${base}/settings/api`);
  const form = page.getByRole("form", { name: "Nowy klucz API" });
  await form.getByLabel("Nazwa klucza").fill(options.name);
  if (options.test) await form.getByRole("radio", { name: /Testowy/ }).check();
  for (const scope of options.scopes ?? []) await form.getByRole("checkbox", { name: new RegExp(`^${scope} `) }).check();
  await form.getByRole("button", { name: "Utwórz klucz" }).click();
  const secret = page.getByRole("textbox", { name: "Sekret" });
  await expect(secret).toHaveValue(/^az_(live|test)_/);
  const value = await secret.inputValue();
  await page.getByRole("button", { name: "Gotowe, klucz zapisany" }).click();
  await expect(page.getByRole("textbox", { name: "Sekret" })).toHaveCount(0);
  return value;
}

test.describe("the public API", () => {
  test.describe.configure({ mode: "default" });
  let server: ExtraServer;
  let receiver: Server;
  const deliveries: Delivery[] = [];

  test.beforeAll(async () => {
    server = await startExtraServer({ GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 200 }) });
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        deliveries.push({ body: Buffer.concat(chunks).toString("utf8"), signature: (request.headers["aranzer-signature"] as string) ?? null });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  test.afterAll(async () => {
    await server?.stop();
    receiver?.close();
  });

  test("from a key in the settings to a staged photo, its webhook and a listing's ZIP", async ({ page }) => {
    test.setTimeout(180_000);
    const base = server.baseURL;
    await signIn(page, { baseURL: base, tokens: 3, open: false });
    const testKey = await createKey(page, base, { name: "CRM sandbox", test: true });
    const liveKey = await createKey(page, base, { name: "CRM", scopes: ["listings", "billing:read"] });
    await expect(page.getByText(`${testKey.slice(0, 14)}…`)).toBeVisible();
    // The secret is shown once: not on the page any more.
    await page.reload();
    expect(await page.content()).not.toContain(testKey.slice(14));

    // A test endpoint on this machine, with its signing secret from the settings.
    const webhooks = page.getByRole("form", { name: "Nowy adres webhooka" });
    await webhooks.getByLabel("Adres (https://)").fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/aranzer`);
    await webhooks.getByRole("radio", { name: /Testowy/ }).check();
    await webhooks.getByRole("button", { name: "Dodaj adres" }).click();
    await page.getByRole("button", { name: "Pokaż sekret podpisu" }).click();
    const endpointSecret = ((await page.getByText(/whsec_/).textContent()) ?? "").replace(/^.*(whsec_\S+).*$/, "$1");
    expect(endpointSecret).toMatch(/^whsec_/);

    // Upload and stage with the test key: the fake engine, nothing spent.
    const sandbox = createAranzerClient({ apiKey: testKey, baseUrl: base, language: "pl" });
    const form = new FormData();
    form.append("file", new Blob([PHOTO], { type: "image/jpeg" }), "sypialnia.jpg");
    const uploaded = await sandbox.POST("/images", { body: form as never, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(uploaded.response.status, JSON.stringify(uploaded.error)).toBe(201);
    expect(uploaded.response.headers.get("request-id")).toMatch(/^req_/);
    expect(uploaded.response.headers.get("ratelimit-policy")).toMatch(/q=\d+;w=60/);
    const imageId = uploaded.data!.image.id;
    const idempotencyKey = crypto.randomUUID();
    const body = { source: { type: "image" as const, imageId }, roomType: "bedroom" as const, mode: "stage" as const, styles: ["japandi"] };
    const staged = await sandbox.POST("/visualizations", { body, headers: { "Idempotency-Key": idempotencyKey } });
    expect(staged.response.status, JSON.stringify(staged.error)).toBe(201);
    expect(staged.data).toMatchObject({ cost: 0, visualization: { test: true, mode: "stage" } });
    // The same key and body: the first answer; another body under it: 422.
    const again = await sandbox.POST("/visualizations", { body, headers: { "Idempotency-Key": idempotencyKey } });
    expect(again.data!.visualization.id).toBe(staged.data!.visualization.id);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    const other = await sandbox.POST("/visualizations", { body: { ...body, styles: ["boho"] }, headers: { "Idempotency-Key": idempotencyKey } });
    expect(other.response.status).toBe(422);
    expect(other.error!.error.code).toBe("IDEMPOTENCY_KEY_REUSED");

    const id = staged.data!.visualization.id;
    await expect.poll(async () => (await sandbox.GET("/visualizations/{id}", { params: { path: { id } } })).data?.visualization.status, { timeout: 60_000 }).toBe("succeeded");
    const done = (await sandbox.GET("/visualizations/{id}", { params: { path: { id } } })).data!.visualization;
    expect(done.results[0]!.image!.url).toMatch(/^\/api\/v1\/images\/.+\/content$/);
    const result = await page.request.get(`${base}${done.results[0]!.image!.url}`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(result.status()).toBe(200);
    expect(result.headers()["content-type"]).toMatch(/^image\//);

    // The webhooks arrive, signed with the endpoint's secret.
    await expect.poll(() => deliveries.map((d) => JSON.parse(d.body).type as string).sort(), { timeout: 30_000 }).toEqual(["result.ready", "visualization.finished"]);
    for (const delivery of deliveries) expect(verifyWebhookSignature({ secret: endpointSecret, body: delivery.body, header: delivery.signature })).toBe(true);

    // A listing with the live key: one token spent, as on the website, and its ZIP.
    const live = createAranzerClient({ apiKey: liveKey, baseUrl: base });
    expect((await live.GET("/balance")).data).toEqual({ balance: 3, test: false });
    const listing = (await live.POST("/listings", { body: { name: "ul. Prosta 1" }, headers: { "Idempotency-Key": crypto.randomUUID() } })).data!.listing;
    const photoForm = new FormData();
    photoForm.append("file", new Blob([PHOTO], { type: "image/jpeg" }), "sypialnia.jpg");
    const livePhoto = (await live.POST("/images", { body: photoForm as never })).data!.image;
    expect((await live.POST("/listings/{id}/photos", { params: { path: { id: listing.id } }, body: { sources: [{ type: "image", imageId: livePhoto.id }], roomType: "bedroom" } })).response.status).toBe(200);
    const generated = await live.POST("/listings/{id}/generate", { params: { path: { id: listing.id } }, body: { mode: "stage", styles: ["japandi"], variations: 1 }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(generated.data).toMatchObject({ cost: 1, balance: 2 });
    await expect
      .poll(async () => (await live.GET("/listings/{id}", { params: { path: { id: listing.id } } })).data?.listing.photos[0]?.results[0]?.status, { timeout: 60_000 })
      .toBe("succeeded");
    const photo = (await live.GET("/listings/{id}", { params: { path: { id: listing.id } } })).data!.listing.photos[0]!;
    await live.PUT("/listings/{id}/photos/{photoId}/choice", { params: { path: { id: listing.id, photoId: photo.id } }, body: { visualizationId: photo.results[0]!.id } });
    const zip = await page.request.get(`${base}/api/v1/listings/${listing.id}/zip`, { headers: { authorization: `Bearer ${liveKey}` } });
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe("PK");
    const ledger = (await live.GET("/ledger")).data!.data;
    expect(ledger.map((e) => e.kind)).toEqual(["spend", "grant"]);
  });

  test("refusals a developer meets: a wrong, revoked or under-scoped key, 10 MB of JSON, a private address", async ({ page }) => {
    test.setTimeout(120_000);
    const base = server.baseURL;
    await signIn(page, { baseURL: base, tokens: 1, open: false });
    const wrong = await page.request.get(`${base}/api/v1/balance`, { headers: { authorization: `Bearer az_live_${"x".repeat(43)}`, "accept-language": "en" } });
    expect(wrong.status()).toBe(401);
    const wrongBody = (await wrong.json()) as { error: Record<string, string> };
    expect(wrongBody.error).toMatchObject({ code: "UNAUTHORIZED", reason: "apiKeyInvalid", message: "This API key is not valid." });
    expect(wrongBody.error.doc_url).toMatch(/\/en\/developers#unauthorized$/);
    expect(JSON.stringify(wrongBody)).not.toContain("x".repeat(43));

    const key = await createKey(page, base, { name: "read only" });
    const api = createAranzerClient({ apiKey: key, baseUrl: base, language: "pl" });
    const scope = await api.GET("/balance");
    expect(scope.response.status).toBe(403);
    expect(scope.error!.error).toMatchObject({ code: "FORBIDDEN", reason: "missingScope", message: "Ten klucz API nie ma uprawnienia „billing:read”." });

    const huge = await page.request.post(`${base}/api/v1/visualizations`, {
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      data: JSON.stringify({ pad: "x".repeat(10 * 1024 * 1024) }),
    });
    expect(huge.status()).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");

    for (const url of ["http://127.0.0.1:3000/photo.jpg", "http://10.0.0.1/photo.jpg", "http://169.254.169.254/latest/meta-data/", "http://localhost/x.jpg"]) {
      const refused = await api.POST("/images", { body: { url } as never, headers: { "content-type": "application/json" } });
      expect(refused.response.status, url).toBe(400);
      expect(refused.error!.error, url).toMatchObject({ code: "INVALID_INPUT", reason: "privateAddress", param: "url" });
    }
    expect((await api.GET("/images")).data!.data).toEqual([]);

    await page.getByRole("button", { name: "Unieważnij klucz read only" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unieważnij", exact: true }).click();
    await expect(page.getByRole("button", { name: "Unieważnij klucz read only" })).toHaveCount(0);
    // Its button gone, the focus is on the list of keys, not lost.
    await expect(page.getByRole("heading", { name: "Twoje klucze" })).toBeFocused();
    await expect(page.getByText(/· unieważniony$/)).toBeVisible();
    const revoked = await api.GET("/engine");
    expect(revoked.response.status).toBe(401);
    expect(revoked.error!.error.reason).toBe("apiKeyRevoked");
  });
});
