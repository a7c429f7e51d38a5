import "server-only";

/** IPTC NewsCodes "Digital Source Type" (https://cv.iptc.org/newscodes/digitalsourcetype/). */
export const DIGITAL_SOURCE_TYPE = {
  /** A photo edited with a trained model (generative AI): every AI engine's result. */
  ai: "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia",
  /** A photo changed by an algorithm without a trained model: the local engine's previews (decision record 0012). */
  algorithmic: "http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced",
} as const;

const XMP_FLAG = 0x04;
const EXIF_FLAG = 0x08;
const ALPHA_FLAG = 0x10;

function xmpPacket(sourceType: string): Buffer {
  // The IPTC Photo Metadata Standard's property (Iptc4xmpExt:DigitalSourceType), as Adobe, Google and the C2PA
  // guidance read it; the packet wrapper lets tools that scan bytes for "<?xpacket" find it.
  return Buffer.from(
    `<?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>` +
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
      `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">` +
      `<Iptc4xmpExt:DigitalSourceType>${sourceType}</Iptc4xmpExt:DigitalSourceType>` +
      `<xmp:CreatorTool>Aranżer</xmp:CreatorTool>` +
      `</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="r"?>`,
    "utf8",
  );
}

function chunk(fourcc: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(fourcc, 0, "ascii");
  header.writeUInt32LE(payload.length, 4);
  return Buffer.concat([header, payload, payload.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

type Chunk = { fourcc: string; payload: Buffer };

function readChunks(webp: Buffer): Chunk[] {
  if (webp.length < 12 || webp.toString("ascii", 0, 4) !== "RIFF" || webp.toString("ascii", 8, 12) !== "WEBP") throw new Error("not a WebP file");
  const chunks: Chunk[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    const size = webp.readUInt32LE(at + 4);
    if (at + 8 + size > webp.length) throw new Error("truncated WebP chunk");
    chunks.push({ fourcc: webp.toString("ascii", at, at + 4), payload: webp.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** The canvas of a simple (VP8 or VP8L) WebP, from its bitstream header, for the VP8X chunk it gets. */
function simpleCanvas(image: Chunk): { width: number; height: number; alpha: boolean } {
  const p = image.payload;
  if (image.fourcc === "VP8 ") return { width: p.readUInt16LE(6) & 0x3fff, height: p.readUInt16LE(8) & 0x3fff, alpha: false };
  if (image.fourcc === "VP8L") {
    const bits = p.readUInt32LE(1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 };
  }
  throw new Error(`unexpected WebP chunk ${image.fourcc}`);
}

/**
 * The image as stored and downloaded, marked in a machine-readable way as the EU AI Act (Art. 50(2)) asks of
 * AI-made or AI-manipulated images: an XMP packet whose Iptc4xmpExt:DigitalSourceType says
 * compositeWithTrainedAlgorithmicMedia (`ai`: a trained model edited the photo) or algorithmicallyEnhanced
 * (an algorithm without a trained model did). Written into the container (WebP's RIFF chunks, a JPEG's APP1
 * segment, a PNG's iTXt chunk), so the pixels are not encoded a second time. Every other metadata of the file
 * goes first: an engine's text (ComfyUI's SaveImage writes the whole workflow, with its prompt, upload path and
 * model files, into PNG text chunks), EXIF, IPTC, comments and an earlier packet; only what draws the pixels
 * stays (a colour profile, PNG's gamma and colour chunks). Every stored result goes through here, so this is
 * where an engine's metadata stops. Takes WebP, JPEG and PNG.
 */
export function markDigitalSource(options: { image: Buffer; ai: boolean }): Buffer {
  const packet = xmpPacket(options.ai ? DIGITAL_SOURCE_TYPE.ai : DIGITAL_SOURCE_TYPE.algorithmic);
  if (options.image[0] === 0xff && options.image[1] === 0xd8) return markJpeg(options.image, packet);
  if (options.image.subarray(0, 8).equals(PNG_SIGNATURE)) return markPng(options.image, packet);
  const chunks = readChunks(options.image).filter((c) => c.fourcc !== "XMP " && c.fourcc !== "EXIF");
  const xmp = { fourcc: "XMP ", payload: packet };
  let body: Chunk[];
  if (chunks[0]?.fourcc === "VP8X") {
    const vp8x = Buffer.from(chunks[0].payload);
    vp8x[0] = (vp8x[0]! & ~EXIF_FLAG) | XMP_FLAG;
    body = [{ fourcc: "VP8X", payload: vp8x }, ...chunks.slice(1), xmp];
  } else {
    const canvas = simpleCanvas(chunks[0] ?? { fourcc: "none", payload: Buffer.alloc(0) });
    const vp8x = Buffer.alloc(10);
    vp8x[0] = XMP_FLAG | (canvas.alpha ? ALPHA_FLAG : 0);
    vp8x.writeUIntLE(canvas.width - 1, 4, 3);
    vp8x.writeUIntLE(canvas.height - 1, 7, 3);
    body = [{ fourcc: "VP8X", payload: vp8x }, ...chunks, xmp];
  }
  const content = Buffer.concat(body.map((c) => chunk(c.fourcc, c.payload)));
  const header = Buffer.alloc(12);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(4 + content.length, 4);
  header.write("WEBP", 8, "ascii");
  return Buffer.concat([header, content]);
}

/** XMP's APP1 signature (Adobe XMP Specification part 3, 1.1.3). */
const JPEG_XMP_SIGNATURE = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");

/** ICC profiles (APP2 "ICC_PROFILE") and Adobe's colour transform (APP14) draw the pixels; JFIF (APP0) frames them. */
const ICC_SIGNATURE = Buffer.from("ICC_PROFILE\0", "latin1");
const drawsPixels = (marker: number, segment: Buffer) => marker === 0xe0 || marker === 0xee || (marker === 0xe2 && segment.subarray(4, 4 + ICC_SIGNATURE.length).equals(ICC_SIGNATURE));

/** The packet as an APP1 segment after the JPEG's leading APP0 (JFIF) segment; other APPn and COM segments but those that draw the pixels dropped. */
function markJpeg(jpeg: Buffer, packet: Buffer): Buffer {
  const kept: Buffer[] = [];
  let at = 2;
  let afterApp0 = 0;
  // Segments up to the first that is not an APPn or COM (the tables and frame come after them).
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (!((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe)) break;
    const end = at + 2 + jpeg.readUInt16BE(at + 2);
    if (end > jpeg.length) throw new Error("truncated JPEG segment");
    const segment = jpeg.subarray(at, end);
    if (drawsPixels(marker, segment)) kept.push(segment);
    if (marker === 0xe0 && kept.length === 1) afterApp0 = 1;
    at = end;
  }
  const payload = Buffer.concat([JPEG_XMP_SIGNATURE, packet]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  const xmp = Buffer.concat([header, payload]);
  return Buffer.concat([jpeg.subarray(0, 2), ...kept.slice(0, afterApp0), xmp, ...kept.slice(afterApp0), jpeg.subarray(at)]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** XMP's iTXt keyword (Adobe XMP Specification part 3, 1.1.5), then no compression and empty language and translation. */
const PNG_XMP_HEADER = Buffer.from("XML:com.adobe.xmp\0\0\0\0\0", "latin1");

/** PNG's ancillary chunks that say things rather than draw: text (tEXt, zTXt, iTXt, XMP included), EXIF and the time. */
const PNG_SAYING = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

/** The packet as an uncompressed iTXt chunk before the first IDAT, the chunks that say things dropped. */
function markPng(png: Buffer, packet: Buffer): Buffer {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let marked = false;
  for (let at = 8; at + 12 <= png.length; ) {
    const end = at + 12 + png.readUInt32BE(at);
    if (end > png.length) throw new Error("truncated PNG chunk");
    const type = png.toString("latin1", at + 4, at + 8);
    if (type === "IDAT" && !marked) {
      parts.push(pngChunk("iTXt", Buffer.concat([PNG_XMP_HEADER, packet])));
      marked = true;
    }
    if (!PNG_SAYING.has(type)) parts.push(png.subarray(at, end));
    at = end;
  }
  if (!marked) throw new Error("PNG without image data");
  return Buffer.concat(parts);
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

let crcTable: Uint32Array | undefined;

/** The CRC-32 of PNG's chunks (ISO 3309, as zlib's; zlib.crc32 is not in every Node 20). */
function crc32(data: Buffer): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
