import "server-only";
import { WasmReader } from "@contentauth/c2pa-wasm";
import { c2paReady } from "./c2pa-runtime";
import { ASSERTION, SOURCE_TYPE } from "./provenance-facts";
import { imageFormat } from "./sign-manifest";

export type ManifestReading =
  | { state: "none" }
  /** A manifest that could not be read at all (damaged, or not C2PA). */
  | { state: "unreadable"; reason: string }
  | {
      state: "present";
      generator: string;
      signer: string | null;
      /** The signing certificate's serial number (decimal), to tell our signature from one that only copies our words. */
      signerSerial: string | null;
      /** Whether the signature and every hash check out; `untrusted` alone is not a failure of integrity. */
      intact: boolean;
      /** Whether the signer is on the validator's trust list (ours, self-issued, is not). */
      trusted: boolean;
      /** Validation failure codes (C2PA 2.1 §15), e.g. assertion.dataHash.mismatch, claimSignature.mismatch. */
      failures: string[];
      proofId: string | null;
      digitalSourceType: string | null;
      ai: boolean | null;
      mode: string | null;
      styleId: string | null;
      engine: string | null;
      model: string | null;
      created: string | null;
      structureScore: number | null;
      /** How many manifests the file's chain holds (2 for a labelled or HD copy of a result). */
      manifests: number;
    };

type Assertion = { label: string; data: Record<string, unknown> };
type Manifest = {
  assertions?: Assertion[];
  claim_generator_info?: { name?: string }[];
  claim_generator?: string;
  signature_info?: { common_name?: string; issuer?: string; cert_serial_number?: string };
};

const str = (v: unknown) => (typeof v === "string" ? v : null);

/**
 * What the C2PA manifest of an image says, read and validated by the reference implementation (c2pa-rs in
 * WebAssembly), trust included: our self-issued signer is reported as untrusted, never as intact-and-trusted.
 * Follows the chain to the manifest that holds our facts (a labelled copy's parent is the result).
 */
export async function readManifest(options: { image: Uint8Array }): Promise<ManifestReading> {
  const format = imageFormat(options.image);
  if (!format) return { state: "none" };
  c2paReady();
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes(format, options.image);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // c2pa-rs answers a file without any manifest with its JumbfNotFound error.
    if (/JumbfNotFound|no JUMBF|ManifestNotFound/i.test(reason)) return { state: "none" };
    return { state: "unreadable", reason: reason.slice(0, 300) };
  }
  try {
    const store = JSON.parse(reader.json()) as {
      active_manifest?: string;
      manifests?: Record<string, Manifest>;
      validation_results?: { activeManifest?: { failure?: { code: string }[] } };
      validation_status?: { code: string }[];
    };
    const manifests = store.manifests ?? {};
    const active = store.active_manifest ? manifests[store.active_manifest] : undefined;
    if (!active) return { state: "unreadable", reason: "no active manifest" };
    const failures = [...(store.validation_results?.activeManifest?.failure ?? []), ...(store.validation_status ?? [])].map((f) => f.code);
    const uniqueFailures = [...new Set(failures)];
    const ofAll = (label: string) => Object.values(manifests).flatMap((m) => m.assertions?.filter((a) => a.label === label).map((a) => a.data) ?? []);
    // A labelled or HD copy names only its proof id; the result's own manifest, its parent, has the rest.
    const visualization = ofAll(ASSERTION.visualization).sort((a, b) => Object.keys(b).length - Object.keys(a).length)[0];
    const structure = ofAll(ASSERTION.structure).find((d) => typeof d.score === "number");
    const actions = Object.values(manifests).flatMap((m) => (m.assertions ?? []).filter((a) => a.label.startsWith("c2pa.actions")).flatMap((a) => (a.data.actions as { digitalSourceType?: string }[] | undefined) ?? []));
    const digitalSourceType = actions.map((a) => a.digitalSourceType).find((t): t is string => typeof t === "string") ?? null;
    const generator = active.claim_generator_info?.[0]?.name ?? active.claim_generator ?? "";
    return {
      state: "present",
      generator,
      signerSerial: active.signature_info?.cert_serial_number ?? null,
      signer: active.signature_info ? [active.signature_info.common_name, active.signature_info.issuer].filter(Boolean).join(", ") : null,
      intact: uniqueFailures.every((code) => code === "signingCredential.untrusted"),
      trusted: !uniqueFailures.includes("signingCredential.untrusted"),
      failures: uniqueFailures,
      proofId: str(visualization?.proofId),
      digitalSourceType,
      ai: digitalSourceType === SOURCE_TYPE.ai ? true : digitalSourceType === SOURCE_TYPE.algorithmic ? false : null,
      mode: str(visualization?.mode),
      styleId: str(visualization?.style),
      engine: str(visualization?.engine),
      model: str(visualization?.model),
      created: str(visualization?.created),
      structureScore: typeof structure?.score === "number" ? structure.score : null,
      manifests: Object.keys(manifests).length,
    };
  } finally {
    reader.free();
  }
}
