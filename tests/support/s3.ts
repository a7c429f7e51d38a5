/**
 * A local S3-compatible server for tests and benchmarks: s3rver (files under a temp directory) on a free
 * loopback port, with one bucket. `env` is what the product needs to store its images there.
 *
 * s3rver removes a prefix's directory when a delete empties it, which races a put into the same prefix
 * (an uncaught ENOENT in this process): fine for tests that do not delete while others write.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** S3_BUCKET, S3_ENDPOINT, S3_REGION and the keys, for a process's environment. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startLocalS3(options: { bucket?: string } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "aranzer-test";
  const directory = mkdtempSync(path.join(tmpdir(), "aranzer-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    // s3rver's built-in key pair.
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Clients keep their connections alive; close() alone would wait for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
