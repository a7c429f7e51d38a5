import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import type { ImageStorage } from "./storage";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Another S3-compatible service; unset: AWS. */
  endpoint?: string;
  /** Unset: the SDK's own chain (an instance or task role on AWS). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

type Connection = { sdk: typeof import("@aws-sdk/client-s3"); client: S3Client };

/**
 * Image bytes as objects in an S3-compatible bucket, under the same keys as the local files. Browsers never
 * see the bucket: images are still served by /api/images/<id>, which checks the owner and answers 410 at the
 * end of the hour, when a presigned URL would keep working for whoever holds it until its own expiry.
 */
export function createS3Storage(options: S3StorageOptions): ImageStorage {
  // The SDK costs about 250 ms and 20 MB to load: imported here, so only processes configured for S3 pay for
  // it, and at once, so a worker's first job does not.
  const connection: Promise<Connection> = import("@aws-sdk/client-s3").then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Other services seldom resolve bucket.host names (MinIO, a local test server): host/bucket/key.
      forcePathStyle: Boolean(options.endpoint),
      credentials: options.credentials,
      // The SDK's default CRC32 checksums on every request are refused by several S3-compatible services.
      ...(options.endpoint ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
      // A hung bucket must fail the job (retried later), not hold a worker slot or a request forever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
    }),
  }));
  // A failed import is reported by the first call that needs it, not as an unhandled rejection now.
  connection.catch(() => undefined);
  const Bucket = options.bucket;
  return {
    async put(key, data, contentType) {
      const { sdk, client } = await connection;
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      const { sdk, client } = await connection;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (isMissingKey(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await connection;
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        // AWS answers 204 for a missing key; some compatible services answer 404, which means the same here.
        if (!isMissingKey(error)) throw error;
      }
    },
  };
}

/** A missing object, as opposed to a missing bucket (a configuration error that must not pass for "gone"). */
function isMissingKey(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NoSuchKey" || ($metadata?.httpStatusCode === 404 && name !== "NoSuchBucket");
}
