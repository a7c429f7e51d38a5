import "server-only";
import path from "node:path";
import { env } from "@/env";
import { install, remember } from "@/server/process-singletons";
import { createLocalStorage } from "./local-storage";
import { createS3Storage } from "./s3-storage";
import type { ImageStorage } from "./storage";

/** The configured image storage (one per process): the S3 bucket when S3_BUCKET is set, else files under DATA_DIR/images. */
export function getStorage(): ImageStorage {
  return remember("storage", createConfiguredStorage);
}

function createConfiguredStorage(): ImageStorage {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, DATA_DIR } = env();
  if (!S3_BUCKET) return createLocalStorage(path.resolve(DATA_DIR, "images"));
  return createS3Storage({
    bucket: S3_BUCKET,
    // env() has made sure AWS gets a region; other services take any name in the signature.
    region: S3_REGION ?? "us-east-1",
    endpoint: S3_ENDPOINT,
    credentials: S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY ? { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY } : undefined,
  });
}

/** Tests run against their own directory. */
export function installStorage(storage: ImageStorage) {
  install("storage", storage);
}
