import "server-only";
import { LRUCache } from "lru-cache";
import type { ImageStorage } from "@/server/storage/storage";

/**
 * Reads source photos through a small in-memory LRU cache: a batch's styles start from the same photo, mostly
 * at the same moment, and each read was a round trip to the storage (S3 in production). Safe because a key's
 * object never changes (each image has its own key); the caller still checks the photo's row (its hour) per job.
 * Concurrent reads of one key share one request; a missing object (undefined to the cache) or an error is not kept.
 */
export function readSourceCached(storage: ImageStorage, entries = 8): (storageKey: string) => Promise<Buffer | null> {
  const cache = new LRUCache<string, Buffer>({
    max: entries,
    fetchMethod: async (storageKey) => (await storage.get(storageKey)) ?? undefined,
    // More photos read at once than the cache keeps: a read pushed out while in flight still answers its
    // callers (by default the cache aborts it and they get "evicted").
    ignoreFetchAbort: true,
  });
  return async (storageKey) => (await cache.fetch(storageKey)) ?? null;
}
