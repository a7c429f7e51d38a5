/** heic-decode 2.1.0 ships no types; this is the part of its API that decode-heic.ts uses. */
declare module "heic-decode" {
  type DecodedHeic = { width: number; height: number; data: Uint8ClampedArray };
  type HeicImage = { width: number; height: number; decode(): Promise<DecodedHeic> };
  /** Decodes the first top-level image to non-premultiplied RGBA. */
  function decode(options: { buffer: Uint8Array }): Promise<DecodedHeic>;
  namespace decode {
    /** Parses the file: one entry per top-level image, each decoded on demand. Call dispose() to free the parsed file. */
    function all(options: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  }
  export = decode;
}
