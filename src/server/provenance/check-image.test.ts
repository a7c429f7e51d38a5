import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { batch, image, proof as proofTable } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";
import { checkImage } from "./check-image";
import { createProof } from "./create-proof";
import { markResult } from "./mark-result";
import { issueOwnCertificate } from "./signing-credentials";
import { signResultManifest } from "./sign-manifest";
import { WasmBuilder } from "@contentauth/c2pa-wasm";
import { BytesBlob, c2paReady } from "./c2pa-runtime";
import { coseSign1, signClaim } from "./cose-sign1";
import { createPrivateKey, X509Certificate } from "node:crypto";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "check-"));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (isAppError(error, "INVALID_IMAGE") ? error.details.reason : error),
  );

/** A manifest made and signed by "another tool": its own certificate, its own generator name. */
async function signedByAnother(jpeg: Buffer, generator: string, assertions: object[] = []): Promise<Buffer> {
  const { certPem, keyPem } = await issueOwnCertificate({ commonName: "Other Tool" });
  const chain = [...certPem.matchAll(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g)].map((m) => new X509Certificate(m[0]).raw);
  const key = createPrivateKey(keyPem);
  c2paReady();
  const builder = WasmBuilder.fromJson(JSON.stringify({ claim_generator_info: [{ name: generator }], format: "image/jpeg", assertions: [{ label: "c2pa.actions.v2", data: { actions: [{ action: "c2pa.created", digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture" }] } }, ...assertions] }));
  const signed = await builder.sign({ alg: "es256", reserveSize: 8192, sign: async (claim: Uint8Array) => new Uint8Array(coseSign1({ signed: signClaim({ claim, chain, key }), size: 8192 })) }, [], "image/jpeg", new BytesBlob(jpeg) as unknown as Blob);
  builder.free();
  return Buffer.from(signed);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, crc]);
}

function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.alloc(65_536))), pngChunk("IEND", Buffer.alloc(0))]);
}

describe("checkImage", () => {
  const db = useInstalledPglite();
  let result: Buffer;
  let unrelated: Buffer;
  let proofId: string;

  beforeAll(async () => {
    const { db: handle } = db();
    const userId = await insertUser(db());
    const photo = await sharp(readFileSync("tests/fixtures/bedroom-cc0-1600x1067.jpg")).resize(1536).jpeg({ quality: 90 }).toBuffer();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await handle.insert(image).values([
      { id: "photo", userId, kind: "upload", storageKey: "uploads/photo.webp", contentType: "image/webp", width: 1536, height: 1024, bytes: 1, expiresAt },
      { id: "result", userId, kind: "result", storageKey: "results/result.jpg", contentType: "image/jpeg", width: 1536, height: 1024, bytes: 1, expiresAt },
    ]);
    await handle.insert(batch).values({ id: "b1", userId, sourceImageId: "photo", roomType: "bedroom", mode: "stage", engine: "replicate", requestId: "r1", expiresAt });
    const proof = await createProof({ db: handle, userId, visualizationId: "v1", batchId: "b1", resultImageId: "result", original: photo, ai: true, mode: "stage", styleId: "japandi", engine: "replicate" });
    proofId = proof.id;
    result = await markResult({ image: photo, proof, watermark: true });
    // The check ends after the result was signed (its manifest says pending); its score is on the proof record.
    await handle.update(proofTable).set({ structureScore: 0.93 }).where(eq(proofTable.visualizationId, "v1"));
    unrelated = await sharp(readFileSync("tests/fixtures/kitchen-dining-cc0-1600x900.jpg")).resize(1200).jpeg({ quality: 85 }).toBuffer();
  });

  it("recognises a downloaded result by its manifest and its watermark, with the proof's facts and the score", async () => {
    const answer = await checkImage({ image: result, db: db().db });
    expect(answer).toMatchObject({ made: true, manifest: { state: "ours", intact: true, trusted: false }, watermark: { found: true } });
    expect(answer.proof).toMatchObject({ id: proofId, ai: true, mode: "stage", styleId: "japandi", engine: "replicate", structureScore: expect.closeTo(0.93, 5), images: { state: "live", published: false } });
  });

  it("recognises the result re-encoded by a portal (JPEG q70, manifest stripped) by its watermark alone", async () => {
    const reencoded = await sharp(result).resize(1024).jpeg({ quality: 70 }).toBuffer();
    const answer = await checkImage({ image: reencoded, db: db().db });
    expect(answer).toMatchObject({ made: true, manifest: { state: "none" }, watermark: { found: true }, proof: { id: proofId } });
  });

  it("says an unrelated photo was not made with us", async () => {
    expect(await checkImage({ image: unrelated, db: db().db })).toMatchObject({ made: false, manifest: { state: "none" }, watermark: { found: false }, proof: null });
  });

  it("names another tool's manifest as such, and calls one that copies our name and facts forged", async () => {
    const other = await checkImage({ image: await signedByAnother(unrelated, "Camera App"), db: db().db });
    expect(other).toMatchObject({ made: false, manifest: { state: "otherTool", generator: "Camera App", intact: true }, proof: null });
    const forged = await signedByAnother(unrelated, "Aranżer", [{ label: "pl.aranzer.visualization", data: { proofId, mode: "stage" } }]);
    expect(await checkImage({ image: forged, db: db().db })).toMatchObject({ made: false, manifest: { state: "forged" }, proof: null });
  });

  it("says our manifest no longer validates when the pixels were changed after signing, and why", async () => {
    const signed = await signResultManifest({ image: unrelated, facts: { proofId: "00000000", ai: true, mode: "stage", styleId: null, engine: "replicate", model: null, originalSha256: null, structure: null, createdAt: new Date() } });
    const tampered = Buffer.from(signed);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 200) ^ 0x55, tampered.length - 200);
    const answer = await checkImage({ image: tampered, db: db().db });
    expect(answer.manifest).toMatchObject({ state: "ours", intact: false, failures: expect.arrayContaining(["assertion.dataHash.mismatch"]) });
    expect(answer.made).toBe(false);
  });

  it("refuses a 0-byte file, a non-image and a PNG bomb (by its header, before decoding) with a reason", async () => {
    expect(await refusal(checkImage({ image: Buffer.alloc(0), db: db().db }))).toBe("empty");
    expect(await refusal(checkImage({ image: Buffer.from("not an image at all"), db: db().db }))).toBe("notImage");
    // A PNG that says 50,000 × 50,000 (7.5 GB decoded) in a few hundred bytes.
    const bomb = pngBomb(50_000);
    expect(bomb.length).toBeLessThan(1_000);
    expect(await refusal(checkImage({ image: bomb, db: db().db }))).toBe("tooManyPixels");
  });
});
