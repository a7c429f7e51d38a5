import "server-only";
import path from "node:path";
import { env } from "@/env";
import { createLocalStorage } from "./local-storage";
import type { ImageStorage } from "./storage";

// One per process, shared by every bundle (route handlers, the worker), as the database handle is.
const holder = globalThis as typeof globalThis & { __aranzerStorage?: ImageStorage };

/** The configured image storage: files under DATA_DIR/images (S3 arrives with the providers issue). */
export function getStorage(): ImageStorage {
  holder.__aranzerStorage ??= createLocalStorage(path.resolve(env().DATA_DIR, "images"));
  return holder.__aranzerStorage;
}

/** Tests run against their own directory. */
export function installStorage(storage: ImageStorage) {
  holder.__aranzerStorage = storage;
}
