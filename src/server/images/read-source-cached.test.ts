import { describe, expect, it } from "vitest";
import type { ImageStorage } from "@/server/storage/storage";
import { readSourceCached } from "./read-source-cached";

/** A storage that counts reads and answers from a map (a missing key is null). */
function countingStorage(objects: Record<string, string>) {
  const reads: string[] = [];
  const storage: ImageStorage = {
    put: async () => {},
    delete: async () => {},
    get: async (key) => {
      reads.push(key);
      return key in objects ? Buffer.from(objects[key]!) : null;
    },
  };
  return { storage, reads };
}

describe("readSourceCached", () => {
  it("reads a photo once for the styles that start from it together and later", async () => {
    const { storage, reads } = countingStorage({ a: "photo a" });
    const read = readSourceCached(storage);
    const together = await Promise.all([read("a"), read("a"), read("a")]);
    expect(together.map(String)).toEqual(["photo a", "photo a", "photo a"]);
    expect(String(await read("a"))).toBe("photo a");
    expect(reads).toEqual(["a"]);
  });

  it("does not keep a missing object, and forgets the least recently used past its size", async () => {
    const { storage, reads } = countingStorage({ a: "a", b: "b", c: "c" });
    const read = readSourceCached(storage, 2);
    expect(await read("gone")).toBeNull();
    expect(await read("gone")).toBeNull();
    await read("a");
    await read("b");
    await read("a");
    await read("c");
    await read("a");
    await read("b");
    expect(reads).toEqual(["gone", "gone", "a", "b", "c", "b"]);
  });

  it("answers every read of more photos at once than it keeps, though older ones leave the cache while still being read", async () => {
    const objects = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p${i}`, `photo ${i}`]));
    const { storage } = countingStorage(objects);
    const slow: ImageStorage = { ...storage, get: async (key) => (await new Promise((resolve) => setTimeout(resolve, 20)), storage.get(key)) };
    const read = readSourceCached(slow, 2);
    const all = await Promise.all(Object.keys(objects).map((key) => read(key)));
    expect(all.map(String)).toEqual(Object.values(objects));
  });
});
