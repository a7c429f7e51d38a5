import "server-only";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { initSync } from "@contentauth/c2pa-wasm";

/**
 * The bytes of an image as the Blob the C2PA reference implementation (c2pa-rs compiled to WebAssembly) reads
 * while it builds a manifest. It reads a Blob through `size`, `slice` and the browser's synchronous
 * `FileReaderSync`, which Node lacks: this class and the reader below are all of it that the library calls.
 */
export class BytesBlob {
  constructor(readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length;
  }
  slice(start?: number, end?: number): BytesBlob {
    return new BytesBlob(this.bytes.subarray(start, end));
  }
}

class BytesReaderSync {
  readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
    const { bytes } = blob;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
  }
}

let ready = false;

/**
 * Loads the WebAssembly module once per process (some 45 ms; 9 MB from node_modules, not bundled: it is one of
 * next.config's serverExternalPackages). Resolved from the working directory, where the app runs.
 */
export function c2paReady(): void {
  if (ready) return;
  const g = globalThis as { FileReaderSync?: unknown };
  g.FileReaderSync ??= BytesReaderSync;
  const require = createRequire(path.join(process.cwd(), "package.json"));
  initSync({ module: readFileSync(require.resolve("@contentauth/c2pa-wasm/c2pa.wasm")) });
  ready = true;
}
