import "server-only";
import type { ImageStorage } from "@/server/storage/storage";

/**
 * Reads source photos through a small in-memory cache: a batch's styles start from the same photo, mostly at
 * the same moment, and each read was a round trip to the storage (S3 in production). Safe because a key's
 * object never changes (each image has its own key); the caller still checks the photo's row (its hour) per job.
 * Concurrent reads of one key share one request; a missing object or an error is not kept.
 */
export function readSourceCached(storage: ImageStorage, entries = 8): (storageKey: string) => Promise<Buffer | null> {
  const cache = new Map<string, Promise<Buffer | null>>();
  return (storageKey) => {
    let read = cache.get(storageKey);
    if (read) {
      // Most recently used last, so the oldest is the one evicted.
      cache.delete(storageKey);
    } else {
      read = storage.get(storageKey);
      const forget = () => {
        if (cache.get(storageKey) === read) cache.delete(storageKey);
      };
      read.then((data) => {
        if (!data) forget();
      }, forget);
      if (cache.size >= entries) cache.delete(cache.keys().next().value!);
    }
    cache.set(storageKey, read);
    return read;
  };
}
