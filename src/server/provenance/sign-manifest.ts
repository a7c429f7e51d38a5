import "server-only";
import { WasmBuilder } from "@contentauth/c2pa-wasm";
import { BytesBlob, c2paReady } from "./c2pa-runtime";
import { env } from "@/env";
import { log } from "@/server/log";
import { coseSign1, countersignData, signClaim } from "./cose-sign1";
import { ASSERTION, SOURCE_TYPE, type ProvenanceFacts } from "./provenance-facts";
import { requestTimeStamp } from "./request-time-stamp";
import { getSigningCredentials } from "./signing-credentials";

/** Bytes reserved for the COSE signature: the chain of two P-256 certificates is some 1.2 kB; a configured chain may be longer. */
const SIGNATURE_SPACE = 16_384;
const GENERATOR = [{ name: "Aranżer", version: "1" }];

type Format = "image/jpeg" | "image/png" | "image/webp";

export function imageFormat(bytes: Uint8Array): Format | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg";
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "image/png";
  if (Buffer.from(bytes.subarray(0, 4)).toString("latin1") === "RIFF" && Buffer.from(bytes.subarray(8, 12)).toString("latin1") === "WEBP") return "image/webp";
  return null;
}

function visualizationAssertion(facts: ProvenanceFacts) {
  return {
    proofId: facts.proofId,
    mode: facts.mode,
    style: facts.styleId,
    engine: facts.engine,
    model: facts.model,
    originalSha256: facts.originalSha256,
    created: facts.createdAt.toISOString(),
  };
}

/**
 * The result's bytes with a signed C2PA manifest (the reference implementation, c2pa-rs in WebAssembly, builds
 * and embeds it; decision record 0038): a `c2pa.actions.v2` assertion that opens the original photo (the parent
 * ingredient, named by its SHA-256, its pixels left out) and edits it with the IPTC digital source type of what
 * made it, the engine and model as the edit's software agent; our own assertions with the mode, style, proof id
 * and the structure check's score and findings (or `pending`). JPEG, PNG and WebP; the XMP already in the file
 * stays.
 */
export async function signResultManifest(options: { image: Buffer; facts: ProvenanceFacts; tsaUrl?: string | null }): Promise<Buffer> {
  const { facts } = options;
  const format = imageFormat(options.image);
  if (!format) throw new Error("not a JPEG, PNG or WebP image");
  const definition = {
    claim_generator_info: GENERATOR,
    title: `aranzer-${facts.proofId}`,
    format,
    ingredients: [
      {
        title: "original photo",
        format: "image/jpeg",
        relationship: "parentOf",
        label: "original",
        ...(facts.originalSha256 ? { instance_id: `sha256:${facts.originalSha256}` } : {}),
      },
    ],
    assertions: [
      {
        label: "c2pa.actions.v2",
        data: {
          actions: [
            { action: "c2pa.opened", parameters: { ingredientIds: ["original"] } },
            {
              action: "c2pa.edited",
              digitalSourceType: facts.ai ? SOURCE_TYPE.ai : SOURCE_TYPE.algorithmic,
              softwareAgent: { name: facts.model ? `${facts.engine}: ${facts.model}` : facts.engine },
              description: facts.styleId ? `${facts.mode}: ${facts.styleId}` : facts.mode,
              when: facts.createdAt.toISOString(),
            },
          ],
        },
      },
      { label: ASSERTION.visualization, data: visualizationAssertion(facts) },
      { label: ASSERTION.structure, data: facts.structure ?? { score: null, state: "pending" } },
    ],
  };
  return sign(definition, format, options.image, options.tsaUrl);
}

/**
 * A file made later from a result (a label burnt in, an HD copy) with a manifest of its own whose parent
 * ingredient is the result, its manifest included: the provenance chains, it is not replaced. `change` says
 * what was done: `labelled` (c2pa.edited: the disclosure drawn in), `upscaled` (c2pa.resized) or
 * `transcoded` (c2pa.transcoded: encoded again, as a JPEG). The result's facts stay in its own manifest; the
 * structure check's final score and findings (`structure`), when the check ended after the result was signed,
 * are stated in this one, so a file made later says what the check found without the result being signed again.
 */
export async function signDerivedManifest(options: {
  image: Buffer;
  parent: Buffer;
  change: "labelled" | "upscaled" | "transcoded";
  description: string;
  structure?: ProvenanceFacts["structure"];
}): Promise<Buffer> {
  const format = imageFormat(options.image);
  const parentFormat = imageFormat(options.parent);
  if (!format || !parentFormat) throw new Error("not a JPEG, PNG or WebP image");
  const definition = {
    claim_generator_info: GENERATOR,
    title: `aranzer-${options.change}`,
    format,
    assertions: [
      {
        label: "c2pa.actions.v2",
        data: {
          actions: [
            { action: "c2pa.opened", parameters: { ingredientIds: ["result"] } },
            { action: DERIVED_ACTION[options.change], description: options.description },
          ],
        },
      },
      ...(options.structure ? [{ label: ASSERTION.structure, data: options.structure }] : []),
    ],
  };
  c2paReady();
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), CONTEXT);
  try {
    await builder.addIngredientFromBlob(JSON.stringify({ title: "result", relationship: "parentOf", label: "result" }), parentFormat, new BytesBlob(options.parent) as unknown as Blob);
    return await signWith(builder, format, options.image);
  } finally {
    builder.free();
  }
}

const DERIVED_ACTION = { labelled: "c2pa.edited", upscaled: "c2pa.resized", transcoded: "c2pa.transcoded" } as const;

/**
 * Trust is not checked while building: a parent signed by our own certificate is still read. Nor is the
 * manifest read back and checked after signing (c2pa-rs verifies after signing by default): our own signature
 * on bytes we just made took a third to a half of each signing (sign-manifest.test.ts reads every kind back).
 */
const CONTEXT = JSON.stringify({ verify: { verify_trust: false, verify_after_sign: false } });

async function sign(definition: object, format: Format, image: Buffer, tsaUrl?: string | null): Promise<Buffer> {
  c2paReady();
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), CONTEXT);
  try {
    return await signWith(builder, format, image, tsaUrl);
  } finally {
    builder.free();
  }
}

async function signWith(builder: WasmBuilder, format: Format, image: Buffer, tsaUrl: string | null = env().C2PA_TSA_URL ?? null): Promise<Buffer> {
  const { chain, key } = await getSigningCredentials();
  const signer = {
    alg: "es256",
    reserveSize: SIGNATURE_SPACE,
    // c2pa-wasm leaves the COSE structure to its signer (direct COSE handling): it hands over the claim's bytes.
    sign: async (claim: Uint8Array) => {
      const signed = signClaim({ claim, chain, key });
      return new Uint8Array(coseSign1({ signed, size: SIGNATURE_SPACE, timeStampToken: tsaUrl ? await timeStamp(tsaUrl, countersignData(signed)) : null }));
    },
  };
  const signed = await builder.sign(signer, [], format, new BytesBlob(image) as unknown as Blob);
  return Buffer.from(signed);
}

/** The authority's token, or none when it does not answer: a result is not held back by a time-stamp (logged). */
async function timeStamp(url: string, data: Buffer): Promise<Buffer | null> {
  try {
    return await requestTimeStamp({ url, data });
  } catch (error) {
    log.warn("provenance.time_stamp_failed", { error });
    return null;
  }
}
