import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { image } from "@/server/db/schema";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { install } from "@/server/process-singletons";
import { createLocalStorage } from "@/server/storage/local-storage";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";

const dir = mkdtempSync(path.join(tmpdir(), "api-v1-upload-"));
install("storage", createLocalStorage(dir));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { POST } = await import("~/app/api/v1/images/route");

describe("POST /api/v1/images under an Idempotency-Key", () => {
  const db = useInstalledPglite();

  it("replays the same bytes, and refuses other bytes of the same length under the same key", async () => {
    const ownerId = await insertUser(db());
    const { secret } = await createApiKey({ db: db().db, ownerId, input: { name: "upload", scopes: ["generate"] } });
    const photo = new Uint8Array(await sharp({ create: { width: 320, height: 256, channels: 3, background: "#8090a0" } }).png().toBuffer());
    const upload = (body: Uint8Array<ArrayBuffer>, key: string, type = "image/png") =>
      POST(new Request("http://localhost/api/v1/images", { method: "POST", body, headers: { authorization: `Bearer ${secret}`, "content-type": type, "content-length": String(body.length), "idempotency-key": key, "accept-language": "en" } }), { params: Promise.resolve({}) });

    const first = await upload(photo, "k1");
    expect(first.status).toBe(201);
    const made = (await first.json()) as { image: { id: string } };
    const again = await upload(photo, "k1");
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(((await again.json()) as { image: { id: string } }).image.id).toBe(made.image.id);

    const other = photo.slice();
    other[other.length - 1] = other[other.length - 1]! ^ 0xff;
    const refused = await upload(other, "k1");
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await db().db.select({ id: image.id }).from(image).where(eq(image.userId, ownerId))).toEqual([{ id: made.image.id }]);

    // A multipart form is fingerprinted the same way, as its bytes.
    const form = new FormData();
    form.set("file", new Blob([photo], { type: "image/png" }), "room.png");
    const multipart = new Request("http://x", { method: "POST", body: form });
    const formBytes = new Uint8Array(await multipart.arrayBuffer());
    const formType = multipart.headers.get("content-type")!;
    expect((await upload(formBytes, "k2", formType)).status).toBe(201);
    expect((await upload(formBytes, "k2", formType)).headers.get("idempotent-replayed")).toBe("true");
  });
});
