import "server-only";
import { createHash, randomBytes } from "node:crypto";
import * as asn1js from "asn1js";

const SHA256 = "2.16.840.1.101.3.4.2.1";
const ID_CT_TST_INFO = "1.2.840.113549.1.9.16.1.4";

const der = (value: asn1js.AsnType) => Buffer.from(value.toBER(false));

function parse(bytes: Uint8Array, what: string): asn1js.AsnType {
  const { offset, result } = asn1js.fromBER(bytes);
  if (offset === -1) throw new Error(`time-stamp authority: ${what} is not DER`);
  return result;
}

const items = (value: asn1js.AsnType | undefined): asn1js.AsnType[] => ((value as asn1js.Constructed | undefined)?.valueBlock.value as asn1js.AsnType[] | undefined) ?? [];
const bytesOf = (value: asn1js.AsnType | undefined): Buffer => Buffer.from((value as asn1js.OctetString).valueBlock.valueHexView);

/**
 * An RFC 3161 time-stamp of `data` from the time-stamp authority at `url` (RFC 3161 §3.4: a DER TimeStampReq
 * POSTed as application/timestamp-query): its TimeStampToken (a CMS ContentInfo, DER), after checking that the
 * authority granted it and that the token's TSTInfo stamps this data's SHA-256 with our nonce. The token's
 * signature and the authority's certificate are for the reader to judge (C2PA validators do).
 */
export async function requestTimeStamp(options: { url: string; data: Uint8Array; timeoutMs?: number }): Promise<Buffer> {
  const digest = createHash("sha256").update(options.data).digest();
  // A positive 64-bit nonce whose first byte is neither 0 nor has the sign bit: its DER is the bytes as they are.
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01;
  const imprint = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: SHA256 }), new asn1js.Null()] }), new asn1js.OctetString({ valueHex: digest })] });
  const request = new asn1js.Sequence({ value: [new asn1js.Integer({ value: 1 }), imprint, new asn1js.Integer({ valueHex: nonce }), new asn1js.Boolean({ value: true })] });
  const response = await fetch(options.url, {
    method: "POST",
    headers: { "Content-Type": "application/timestamp-query", Accept: "application/timestamp-reply" },
    body: der(request),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  if (!response.ok) throw new Error(`time-stamp authority answered ${response.status}`);
  const [statusInfo, token] = items(parse(new Uint8Array(await response.arrayBuffer()), "the answer"));
  const status = (items(statusInfo)[0] as asn1js.Integer | undefined)?.valueBlock.valueDec;
  // 0 granted, 1 granted with modifications (RFC 3161 §2.4.2).
  if ((status !== 0 && status !== 1) || !token) throw new Error(`time-stamp authority refused (status ${status})`);
  // ContentInfo → [0] SignedData → encapContentInfo → [0] OCTET STRING with the TSTInfo.
  const signedData = items(items(token)[1])[0];
  const encapsulated = items(signedData)[2];
  if ((items(encapsulated)[0] as asn1js.ObjectIdentifier | undefined)?.valueBlock.toString() !== ID_CT_TST_INFO) throw new Error("time-stamp authority: the token holds no TSTInfo");
  const tstInfo = items(parse(bytesOf(items(items(encapsulated)[1])[0]), "the TSTInfo"));
  const stamped = bytesOf(items(tstInfo[2])[1]);
  const answeredNonce = tstInfo.find((field, i) => i >= 5 && field instanceof asn1js.Integer) as asn1js.Integer | undefined;
  if (!stamped.equals(digest)) throw new Error("time-stamp authority stamped other data");
  if (!answeredNonce || !Buffer.from(answeredNonce.valueBlock.valueHexView).equals(nonce)) throw new Error("time-stamp authority answered another request");
  return der(token);
}
