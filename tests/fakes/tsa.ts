import { createHash, createPrivateKey, sign, webcrypto, type KeyObject } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import * as asn1js from "asn1js";

/**
 * A local RFC 3161 time-stamp authority: answers a DER TimeStampReq POSTed as application/timestamp-query with a
 * TimeStampResp whose token is a CMS SignedData (RFC 5652) over a TSTInfo (RFC 3161 §2.4.2) stamping the
 * request's message imprint and nonce, signed with ECDSA P-256 by a certificate with the timeStamping extended
 * key usage (critical, RFC 3161 §2.3) issued by a root of its own; the signed attributes carry the content type,
 * the message digest and the ESS signing certificate v2 (RFC 5816).
 */
export class FakeTsa {
  private server: Server | null = null;
  private key: KeyObject | null = null;
  private cert: Buffer | null = null;
  private serial = 1;
  /** Stamp another message than the one asked (a broken or hostile authority). */
  stampOther = false;
  /** Requests received, for tests to count. */
  readonly requests: { imprint: Buffer; nonce: Buffer | null }[] = [];

  async start(): Promise<string> {
    await this.issue();
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.writeHead(500).end()));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tsa`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async issue() {
    x509.cryptoProvider.set(webcrypto as unknown as Crypto);
    const alg = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
    const now = new Date(Date.now() - 60_000);
    const notAfter = new Date(now.getTime() + 365 * 86_400_000);
    const rootKeys = await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"]);
    const keys = await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"]);
    const root = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: "01",
      name: "CN=Fake TSA Root",
      notBefore: now,
      notAfter,
      keys: rootKeys,
      signingAlgorithm: alg,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
    });
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: "02",
      subject: "CN=Fake TSA",
      issuer: root.subject,
      notBefore: now,
      notAfter,
      publicKey: keys.publicKey,
      signingKey: rootKeys.privateKey,
      signingAlgorithm: alg,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.timeStamping], true),
      ],
    });
    this.cert = Buffer.from(cert.rawData);
    this.key = createPrivateKey({ key: Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)), format: "der", type: "pkcs8" });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.headers["content-type"] !== "application/timestamp-query") return void res.writeHead(400).end();
    const parsed = asn1js.fromBER(Buffer.concat(chunks));
    if (parsed.offset === -1) return void res.writeHead(400).end();
    const fields = (parsed.result as asn1js.Sequence).valueBlock.value;
    const imprint = fields[1] as asn1js.Sequence;
    const nonce = fields.slice(2).find((f) => f instanceof asn1js.Integer) as asn1js.Integer | undefined;
    this.requests.push({ imprint: Buffer.from((imprint.valueBlock.value[1] as asn1js.OctetString).valueBlock.valueHexView), nonce: nonce ? Buffer.from(nonce.valueBlock.valueHexView) : null });
    const stamped = this.stampOther
      ? new asn1js.Sequence({ value: [imprint.valueBlock.value[0]!, new asn1js.OctetString({ valueHex: createHash("sha256").update("other").digest() })] })
      : imprint;
    const token = this.token(stamped, nonce);
    const answer = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.Integer({ value: 0 })] }), token] });
    res.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(Buffer.from(answer.toBER(false)));
  }

  private token(imprint: asn1js.Sequence, nonce: asn1js.Integer | undefined): asn1js.Sequence {
    const oid = (value: string) => new asn1js.ObjectIdentifier({ value });
    const sha256 = new asn1js.Sequence({ value: [oid("2.16.840.1.101.3.4.2.1")] });
    const genTime = new Date();
    genTime.setMilliseconds(0);
    const tstInfo = Buffer.from(
      new asn1js.Sequence({
        value: [
          new asn1js.Integer({ value: 1 }),
          oid("1.3.6.1.4.1.99999.1"),
          imprint,
          new asn1js.Integer({ value: this.serial++ }),
          new asn1js.GeneralizedTime({ valueDate: genTime }),
          ...(nonce ? [new asn1js.Integer({ valueHex: nonce.valueBlock.valueHexView })] : []),
        ],
      }).toBER(false),
    );
    const cert = this.cert!;
    const tbs = ((asn1js.fromBER(cert).result as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
    const [serial, issuer] = [tbs[1]!, tbs[3]!];
    const attribute = (type: string, value: asn1js.AsnType) => Buffer.from(new asn1js.Sequence({ value: [oid(type), new asn1js.Set({ value: [value] })] }).toBER(false));
    const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: createHash("sha256").update(cert).digest() })] })] })] });
    // DER orders a SET OF by the encodings of its members.
    const attributes = [
      attribute("1.2.840.113549.1.9.3", oid("1.2.840.113549.1.9.16.1.4")),
      attribute("1.2.840.113549.1.9.4", new asn1js.OctetString({ valueHex: createHash("sha256").update(tstInfo).digest() })),
      attribute("1.2.840.113549.1.9.16.2.47", essCertIdV2),
    ].sort(Buffer.compare);
    const content = Buffer.concat(attributes);
    // What is signed is the attributes as a SET (tag 0x31); the SignerInfo holds them as [0] IMPLICIT (0xA0).
    const asSet = Buffer.concat([Buffer.from([0x31]), derLength(content.length), content]);
    const signature = sign("sha256", asSet, this.key!);
    const signedAttrs = asn1js.fromBER(Buffer.concat([Buffer.from([0xa0]), derLength(content.length), content])).result;
    const signerInfo = new asn1js.Sequence({
      value: [
        new asn1js.Integer({ value: 1 }),
        new asn1js.Sequence({ value: [issuer, serial] }),
        sha256,
        signedAttrs,
        new asn1js.Sequence({ value: [oid("1.2.840.10045.4.3.2")] }),
        new asn1js.OctetString({ valueHex: signature }),
      ],
    });
    const signedData = new asn1js.Sequence({
      value: [
        new asn1js.Integer({ value: 3 }),
        new asn1js.Set({ value: [sha256] }),
        new asn1js.Sequence({ value: [oid("1.2.840.113549.1.9.16.1.4"), new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [new asn1js.OctetString({ valueHex: tstInfo })] })] }),
        new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [asn1js.fromBER(cert).result] }),
        new asn1js.Set({ value: [signerInfo] }),
      ],
    });
    return new asn1js.Sequence({ value: [oid("1.2.840.113549.1.7.2"), new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [signedData] })] });
  }
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
