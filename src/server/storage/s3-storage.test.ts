import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { image, visualization } from "@/server/db/schema";
import { createBatch } from "@/server/generation/create-batch";
import { parseInput } from "@/server/parse-input";
import { createBatchSchema } from "@/schemas/generation";
import { getImageFile } from "@/server/images/get-image-file";
import { startWorker } from "@/server/generation/start-worker";
import { storeImage } from "@/server/images/store-image";
import { sweepExpired } from "@/server/generation/sweep-expired";
import { EngineError, type Engine } from "@/server/engines/engine";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { startLocalS3, type LocalS3 } from "~/tests/support/s3";
import { createS3Storage } from "./s3-storage";
import type { ImageStorage } from "./storage";

describe("S3 storage against a local S3 server", () => {
  let s3: LocalS3;
  let storage: ImageStorage;

  beforeAll(async () => {
    s3 = await startLocalS3();
    const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = s3.env;
    storage = createS3Storage({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, credentials: { accessKeyId: S3_ACCESS_KEY_ID!, secretAccessKey: S3_SECRET_ACCESS_KEY! } });
  });
  afterAll(async () => {
    await s3?.stop();
  });

  it("puts, gets, overwrites and deletes an object; a missing key is null, and deleting it is no error", async () => {
    const key = `results/${randomUUID()}.webp`;
    await storage.put(key, Buffer.from("first"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("first");
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await storage.put(key, bytes, "image/webp");
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await storage.get(`uploads/${randomUUID()}.webp`)).toBeNull();
  });

  it("fails loudly on a bucket that does not exist rather than answering gone", async () => {
    const wrong = createS3Storage({ bucket: "no-such-bucket", region: "us-east-1", endpoint: s3.endpoint, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    await expect(wrong.get("uploads/x.webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(wrong.delete("uploads/x.webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(wrong.put("uploads/x.webp", Buffer.from("x"), "image/webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  describe("under the generation pipeline (PGlite)", () => {
    let handle: Handle;
    beforeAll(async () => {
      handle = await testDatabases()[0]!.open();
    });
    afterAll(async () => {
      await handle?.close();
    });

    it("stores uploads and results in the bucket, serves them to the owner, and the sweeper deletes them, missing ones too", async () => {
      const userId = await insertUser(handle);
      await grantTokens({ db: handle.db, userId, amount: 2, kind: "grant", idempotencyKey: `g:${userId}` });
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8090a0" } }).webp().toBuffer();
      const upload = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: 64, height: 48, contentType: "image/webp" });
      const engine: Engine = {
        id: "test",
        concurrency: 2,
        async generate(input) {
          if (input.styleId === "boho") throw new EngineError("refused", "no");
          return { image: await sharp(input.image).tint("#c08040").webp().toBuffer() };
        },
      };
      const { batch } = await createBatch({ db: handle.db, storage, userId, engineId: "fake", request: parseInput(createBatchSchema, { source: { type: "image", imageId: upload.id }, roomType: "bedroom", styles: ["modern", "boho"], requestId: randomUUID() }) });
      const worker = startWorker({ db: handle.db, storage, engine, pollMs: 20, sweepEveryMs: 3_600_000 });
      await worker.idle();
      await worker.stop();

      const states = await handle.db.select({ status: visualization.status, resultImageId: visualization.resultImageId }).from(visualization).where(eq(visualization.batchId, batch.id));
      expect(states.map((s) => s.status).sort()).toEqual(["failed", "succeeded"]);
      const resultId = states.find((s) => s.status === "succeeded")!.resultImageId!;
      const result = await getImageFile({ db: handle.db, storage, userId, imageId: resultId });
      expect((await sharp(result.data).metadata()).format).toBe("jpeg");

      const rows = await handle.db.select({ storageKey: image.storageKey, displayKey: image.displayKey, expiresAt: image.expiresAt }).from(image).where(eq(image.userId, userId));
      expect(rows).toHaveLength(2);
      // The result's display-size copy is an object of its own in the bucket, swept with it.
      const keys = rows.flatMap((row) => [row.storageKey, ...(row.displayKey ? [row.displayKey] : [])]);
      expect(keys).toHaveLength(3);
      for (const key of keys) expect(await storage.get(key)).not.toBeNull();
      // One object already gone (a sweep that stopped between the object and the row): no reason to stop.
      await storage.delete(rows[0]!.storageKey);
      const later = new Date(Math.max(...rows.map((r) => r.expiresAt.getTime())) + 1);
      await sweepExpired({ db: handle.db, storage, now: later });
      expect(await handle.db.select().from(image).where(eq(image.userId, userId))).toHaveLength(0);
      for (const key of keys) expect(await storage.get(key)).toBeNull();
    });
  });
});
