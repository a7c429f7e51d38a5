import "server-only";
import { sign, type KeyObject } from "node:crypto";
import { Encoder, Tag } from "cbor-x";

const cbor = new Encoder({ useRecords: false, mapsAsObjects: false, tagUint8Array: false });

/** COSE algorithm ES256 (RFC 9053 2.1) and the x5chain header (RFC 9360 2). */
const ES256 = -7;
const X5CHAIN = 33;
const COSE_SIGN1_TAG = 18;

export type SignedClaim = { protectedHeader: Uint8Array; signature: Buffer };

/** The claim signed: ES256 over its Sig_structure, the certificate chain in the protected header (C2PA 2.1 §14.6). */
export function signClaim(options: { claim: Uint8Array; chain: Buffer[]; key: KeyObject }): SignedClaim {
  const protectedHeader = cbor.encode(new Map<number, unknown>([[1, ES256], [X5CHAIN, options.chain.length === 1 ? options.chain[0] : options.chain]]));
  const signature = sign("sha256", toBeSigned(protectedHeader, options.claim), { key: options.key, dsaEncoding: "ieee-p1363" });
  return { protectedHeader, signature };
}

/**
 * What an RFC 3161 time-stamp of the signature covers in C2PA's `sigTst2` (C2PA 2.1 §14.5.2, as c2pa-rs reads
 * it): the COSE countersignature structure ["CounterSignature", protected header, empty aad, the signature as
 * a CBOR byte string].
 */
export function countersignData(signed: SignedClaim): Buffer {
  return cbor.encode(["CounterSignature", signed.protectedHeader, new Uint8Array(0), cbor.encode(signed.signature)]) as Buffer;
}

/**
 * The C2PA claim signature: a COSE_Sign1 (RFC 9052 4.2) with detached payload, with the time-stamp authority's
 * token (`sigTst2`) when there is one, and a `pad` that brings it to exactly `size` bytes: the manifest's space
 * was reserved, and hashed around, before the signature existed.
 */
export function coseSign1(options: { signed: SignedClaim; size: number; timeStampToken?: Buffer | null }): Buffer {
  const { protectedHeader, signature } = options.signed;
  const stamp = options.timeStampToken ? [["sigTst2", new Map([["tstTokens", [new Map([["val", options.timeStampToken]])]]])] as const] : [];
  const make = (padding: number) => {
    const unprotected = new Map<string, unknown>([...stamp, ["pad", new Uint8Array(padding)]]);
    return cbor.encode(new Tag([protectedHeader, unprotected, null, signature], COSE_SIGN1_TAG)) as Buffer;
  };
  let padding = Math.max(0, options.size - make(0).length);
  // A longer pad can take a longer length prefix: settle in a few rounds.
  for (let i = 0; i < 4; i++) padding = Math.max(0, padding + options.size - make(padding).length);
  const out = make(padding);
  if (out.length !== options.size) throw new Error(`COSE signature is ${out.length} bytes, not the ${options.size} reserved`);
  return out;
}

/** Sig_structure (RFC 9052 4.4): what ES256 signs. */
export function toBeSigned(protectedHeader: Uint8Array, payload: Uint8Array): Buffer {
  return cbor.encode(["Signature1", protectedHeader, new Uint8Array(0), payload]) as Buffer;
}
