import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WasmReader } from "@contentauth/c2pa-wasm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import { c2paReady } from "./c2pa-runtime";
import { ASSERTION, SOURCE_TYPE, type ProvenanceFacts } from "./provenance-facts";
import { readManifest } from "./read-manifest";
import { signDerivedManifest, signResultManifest } from "./sign-manifest";
import { forgetSigningCredentials, getSigningCredentials } from "./signing-credentials";
import { FakeTsa } from "~/tests/fakes/tsa";
import { requestTimeStamp } from "./request-time-stamp";

const dataDir = mkdtempSync(path.join(tmpdir(), "c2pa-"));
process.env.DATA_DIR = dataDir;

const facts: ProvenanceFacts = {
  proofId: "AB12CD34",
  ai: true,
  mode: "stage",
  styleId: "scandinavian",
  engine: "replicate",
  model: "black-forest-labs/flux-kontext-pro",
  originalSha256: "9f".repeat(32),
  structure: { score: 0.91, findings: [] },
  createdAt: new Date("2026-11-28T12:00:00Z"),
};

const photo = () => sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 180, g: 150, b: 120 }, noise: { type: "gaussian", mean: 120, sigma: 30 } } });

type Store = {
  active_manifest: string;
  manifests: Record<string, { assertions: { label: string; data: Record<string, unknown> }[]; ingredients: Record<string, unknown>[]; claim_generator_info: { name: string }[]; signature_info?: { time?: string } }>;
  validation_results: { activeManifest: { failure: { code: string }[]; success: { code: string }[]; informational?: { code: string }[] } };
};

/** The Content Authenticity Initiative's reader (c2pa-rs in WebAssembly), as any validator would run it. */
async function caiRead(bytes: Buffer, format = "image/jpeg"): Promise<Store> {
  c2paReady();
  const reader = await WasmReader.fromBytes(format, bytes);
  try {
    return JSON.parse(reader.json()) as Store;
  } finally {
    reader.free();
  }
}

describe("C2PA manifests", () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    forgetSigningCredentials();
    jpeg = markDigitalSource({ image: await photo().jpeg({ quality: 85 }).toBuffer(), ai: true });
  });

  it("makes its own signing certificate once, kept in DATA_DIR with the key unreadable to others", async () => {
    const first = await getSigningCredentials();
    expect(first.configured).toBe(false);
    expect(first.chain).toHaveLength(2);
    const file = path.join(dataDir, "c2pa-signer.pem");
    expect(statSync(file).mode & 0o077).toBe(0);
    forgetSigningCredentials();
    const again = await getSigningCredentials();
    expect(again.chain[0]!.equals(first.chain[0]!)).toBe(true);
    expect(readFileSync(file, "utf8")).toContain("PRIVATE KEY");
  });

  it("signs a result that the CAI's reader validates: actions with the source type, the original as parent by hash, our facts, untrusted signer only", async () => {
    const signed = await signResultManifest({ image: jpeg, facts });
    const store = await caiRead(signed);
    const manifest = store.manifests[store.active_manifest]!;
    expect(store.validation_results.activeManifest.failure.map((f) => f.code)).toEqual(["signingCredential.untrusted"]);
    expect(store.validation_results.activeManifest.success.map((f) => f.code)).toContain("claimSignature.validated");
    const actions = manifest.assertions.find((a) => a.label === "c2pa.actions.v2")!.data.actions as Record<string, unknown>[];
    expect(actions.map((a) => a.action)).toEqual(["c2pa.opened", "c2pa.edited"]);
    expect(actions[1]).toMatchObject({ digitalSourceType: SOURCE_TYPE.ai, softwareAgent: { name: "replicate: black-forest-labs/flux-kontext-pro" }, description: "stage: scandinavian" });
    expect(manifest.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", instance_id: `sha256:${"9f".repeat(32)}` })]);
    expect(manifest.ingredients[0]).not.toHaveProperty("thumbnail");
    expect(manifest.assertions.find((a) => a.label === ASSERTION.visualization)!.data).toMatchObject({ proofId: "AB12CD34", mode: "stage", engine: "replicate" });
    expect(manifest.assertions.find((a) => a.label === ASSERTION.structure)!.data).toEqual({ score: 0.91, findings: [] });
    // The XMP stays beside the manifest.
    expect((await sharp(signed).metadata()).xmp?.toString()).toContain("compositeWithTrainedAlgorithmicMedia");
  });

  it("says algorithmicallyEnhanced for the local engine, and pending for a structure check not yet run", async () => {
    const signed = await signResultManifest({ image: jpeg, facts: { ...facts, ai: false, engine: "local", model: null, structure: null } });
    const reading = await readManifest({ image: signed });
    expect(reading).toMatchObject({ state: "present", intact: true, trusted: false, ai: false, digitalSourceType: SOURCE_TYPE.algorithmic, structureScore: null, engine: "local" });
  });

  it("signs a PNG too", async () => {
    const png = await photo().png().toBuffer();
    const store = await caiRead(await signResultManifest({ image: png, facts }), "image/png");
    expect(store.validation_results.activeManifest.failure.map((f) => f.code)).toEqual(["signingCredential.untrusted"]);
  });

  it("chains a labelled copy to the result: a new manifest whose parent ingredient is the result and its manifest", async () => {
    const result = await signResultManifest({ image: jpeg, facts });
    const labelled = await photo().composite([{ input: { create: { width: 100, height: 20, channels: 3, background: "#000" } }, left: 500, top: 360 }]).jpeg().toBuffer();
    const signed = await signDerivedManifest({ image: labelled, parent: result, change: "labelled", description: "Virtually staged" });
    const store = await caiRead(signed);
    expect(Object.keys(store.manifests)).toHaveLength(2);
    const active = store.manifests[store.active_manifest]!;
    expect(active.ingredients[0]).toMatchObject({ relationship: "parentOf", active_manifest: expect.stringMatching(/^urn:c2pa:/) });
    expect(store.validation_results.activeManifest.failure.map((f) => f.code)).toEqual(["signingCredential.untrusted"]);
    const reading = await readManifest({ image: signed });
    expect(reading).toMatchObject({ state: "present", intact: true, proofId: "AB12CD34", mode: "stage", structureScore: 0.91, manifests: 2, ai: true });
  });

  it("stamps a result's file with the configured authority, but not the copies made while someone waits for it", async () => {
    const tsa = new FakeTsa();
    const url = await tsa.start();
    const configured = process.env.C2PA_TSA_URL;
    try {
      // The environment is read once per process: this file's modules are read anew with the authority set.
      process.env.C2PA_TSA_URL = url;
      vi.resetModules();
      const { markResult } = await import("./mark-result");
      const proof = { id: "AB12CD34", userId: "u", resultImageId: "r", originalImageId: "o", visualizationId: "v", ai: true, mode: "restyle", styleId: "modern", engine: "replicate", model: null, originalSha256: "9f".repeat(32), structureScore: null, structureFindings: null, createdAt: new Date("2026-11-28T12:00:00Z") };
      const image = await photo().jpeg().toBuffer();
      const shown = await markResult({ image, proof, watermark: true, timeStamp: false });
      expect(tsa.requests).toHaveLength(0);
      const kept = await markResult({ image, proof, watermark: true });
      expect(tsa.requests).toHaveLength(1);
      const codes = async (bytes: Buffer) => (await caiRead(bytes)).validation_results.activeManifest.success.map((f) => f.code);
      expect(await codes(kept)).toContain("timeStamp.validated");
      expect(await codes(shown)).not.toContain("timeStamp.validated");
      expect(await readManifest({ image: shown })).toMatchObject({ state: "present", intact: true, proofId: "AB12CD34" });
    } finally {
      if (configured === undefined) delete process.env.C2PA_TSA_URL;
      else process.env.C2PA_TSA_URL = configured;
      await tsa.stop();
    }
  });

  it("carries an RFC 3161 time-stamp of its signature from the configured authority, which the CAI's reader validates", async () => {
    const tsa = new FakeTsa();
    const url = await tsa.start();
    try {
      const signed = await signResultManifest({ image: jpeg, facts, tsaUrl: url });
      expect(tsa.requests).toHaveLength(1);
      const store = await caiRead(signed);
      const codes = (kind: "success" | "informational" | "failure") => (store.validation_results.activeManifest[kind] ?? []).map((f) => f.code);
      expect(codes("success")).toContain("timeStamp.validated");
      expect(codes("failure")).toEqual(["signingCredential.untrusted"]);
      // The authority's certificate is on no trust list: said, and not a failure.
      expect(codes("informational")).toContain("timeStamp.untrusted");
      expect(store.manifests[store.active_manifest]!.signature_info?.time).toBeTruthy();
      expect(await readManifest({ image: signed })).toMatchObject({ state: "present", intact: true, proofId: "AB12CD34" });

      // An authority that stamps something else is refused, and the result is signed without its token.
      tsa.stampOther = true;
      await expect(requestTimeStamp({ url, data: Buffer.from("claim") })).rejects.toThrow("stamped other data");
      const unstamped = await caiRead(await signResultManifest({ image: jpeg, facts, tsaUrl: url }));
      expect(unstamped.validation_results.activeManifest.success.map((f) => f.code)).not.toContain("timeStamp.validated");
      expect(unstamped.validation_results.activeManifest.failure.map((f) => f.code)).toEqual(["signingCredential.untrusted"]);
    } finally {
      await tsa.stop();
    }
  });

  it("states the structure check's final findings in a copy made after the check, the result's own manifest still saying pending", async () => {
    const result = await signResultManifest({ image: jpeg, facts: { ...facts, structure: null } });
    const structure = { score: 0.88, findings: [{ kind: "moved" }] };
    const signed = await signDerivedManifest({ image: await photo().jpeg().toBuffer(), parent: result, change: "transcoded", description: "JPEG", structure });
    const store = await caiRead(signed);
    const active = store.manifests[store.active_manifest]!;
    expect(active.assertions.find((a) => a.label === ASSERTION.structure)?.data).toEqual(structure);
    expect(store.validation_results.activeManifest.failure.map((f) => f.code)).toEqual(["signingCredential.untrusted"]);
    expect(await readManifest({ image: result })).toMatchObject({ structureScore: null });
    expect(await readManifest({ image: signed })).toMatchObject({ intact: true, proofId: "AB12CD34", structureScore: 0.88 });
  });

  it("finds a changed pixel or a changed claim, and tells no manifest from a damaged one", async () => {
    const signed = await signResultManifest({ image: jpeg, facts });
    const tampered = Buffer.from(signed);
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 100) ^ 0xff, tampered.length - 100);
    const reading = await readManifest({ image: tampered });
    expect(reading).toMatchObject({ state: "present", intact: false });
    expect(reading.state === "present" && reading.failures).toContain("assertion.dataHash.mismatch");
    // The style's name rewritten inside the manifest's assertions (CBOR), same length: the hashes no longer match.
    const forged = Buffer.from(signed.toString("latin1").replaceAll("scandinavian", "industrial!!"), "latin1");
    const forgedReading = await readManifest({ image: forged });
    expect(forgedReading).toMatchObject({ state: "present", intact: false });
    expect(forgedReading.state === "present" && forgedReading.failures).toContain("assertion.hashedURI.mismatch");
    expect(await readManifest({ image: jpeg })).toEqual({ state: "none" });
  });
});
