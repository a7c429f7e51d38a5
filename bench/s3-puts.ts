/**
 * What the scale benchmark's S3 stand-in costs: `node --import tsx bench/s3-puts.ts`.
 *
 * Twenty 60 KB PutObject calls at once from one AWS SDK client (as a worker's slots store their results when
 * they finish together), five times, then thirty one at a time; against s3rver (the stand-in that the tests
 * and bench/scale.ts use: one JavaScript thread writing each object and its metadata to disk) and against a
 * local server that only reads the body and answers 200 (what the client itself costs). Prints the medians.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { startLocalS3 } from "../tests/support/s3";
import { median } from "./stack";

const s3 = await startLocalS3();
const bare = http.createServer((request, response) => {
  request.resume();
  request.on("end", () => response.writeHead(200, { etag: '"bench"' }).end());
});
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
const bareEndpoint = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
const body = randomBytes(60_000);

try {
  for (const [name, endpoint] of [["s3rver", s3.endpoint], ["bare server", bareEndpoint], ["s3rver", s3.endpoint], ["bare server", bareEndpoint]] as const) {
    // As src/server/storage/s3-storage.ts configures it for a service other than AWS.
    const client = new S3Client({
      region: "us-east-1",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    const put = async (key: string) => {
      const began = performance.now();
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body, ContentType: "image/webp" }));
      return performance.now() - began;
    };
    for (let i = 0; i < 5; i++) await put(`warm-up/${i}`);
    const together: number[] = [];
    for (let round = 0; round < 5; round++) together.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => put(`together/${round}/${i}`)))));
    const alone: number[] = [];
    for (let i = 0; i < 30; i++) alone.push(await put(`alone/${i}`));
    console.log(`${name}: 20 at once, median ${median(together).toFixed(1)} ms (max ${Math.max(...together).toFixed(1)} ms); one at a time, median ${median(alone).toFixed(1)} ms`);
    client.destroy();
  }
} finally {
  bare.close();
  await s3.stop();
}
