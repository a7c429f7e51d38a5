import "server-only";
import { deflateSync } from "node:zlib";

/** CRC-32 of PNG chunks (ISO 3309). Written out because zlib.crc32 only exists from Node 20.15 and the engines field allows 20.9. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Returns the PNG with an iCCP chunk carrying the given ICC profile, placed right after IHDR (the chunk must
 * precede PLTE and IDAT). sharp cannot attach an input profile to raw pixels (withIccProfile converts *to*
 * a profile), so pixels decoded outside libvips (HEIC) go through a PNG tagged this way, and libvips then
 * converts them from their real colour space to sRGB like any other tagged image.
 */
export function embedIccProfile(options: { png: Buffer; icc: Buffer }): Buffer {
  const { png, icc } = options;
  // 8-byte signature, then IHDR: length (always 13), type, 13 bytes, CRC.
  if (png.length < 33 || png.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG with IHDR first");
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  // Profile name, its terminating NUL, compression method 0 (deflate), then the zlib-compressed profile.
  const data = Buffer.concat([Buffer.from("icc\0", "latin1"), Buffer.from([0]), deflateSync(icc)]);
  const typeAndData = Buffer.concat([Buffer.from("iCCP", "latin1"), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}
