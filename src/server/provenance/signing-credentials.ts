import "server-only";
import { createPrivateKey, webcrypto, X509Certificate, type KeyObject } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
// @peculiar/x509 resolves its ASN.1 parsers through tsyringe, which needs the Reflect metadata API first.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";
import { env } from "@/env";
import { log } from "@/server/log";

export type SigningCredentials = {
  /** DER certificates, the signer's first, then its issuers up to (not necessarily including) the root. */
  chain: Buffer[];
  key: KeyObject;
  /** Whether the operator configured them (C2PA_SIGN_CERT and C2PA_SIGN_KEY), or they are the self-issued default. */
  configured: boolean;
};

const PEM_CERT = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/** The certificates of a PEM text, in its order. */
export function parseCertificateChain(pem: string): Buffer[] {
  return [...pem.matchAll(PEM_CERT)].map((m) => new X509Certificate(m[0]).raw);
}

const ALG = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

/**
 * A certificate of our own for the embedded default: a root made here (its key is thrown away once it has
 * issued) and a signing certificate it issues, as the C2PA certificate profile asks (key usage digitalSignature,
 * critical; extended key usage emailProtection; not a CA, not self-signed). Validators call it untrusted: it
 * is on no trust list, which is the truth about a certificate nobody vouches for.
 */
export async function issueOwnCertificate(options: { commonName: string; now?: Date }): Promise<{ certPem: string; keyPem: string }> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const now = options.now ?? new Date();
  const notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const rootKeys = await webcrypto.subtle.generateKey(ALG, true, ["sign", "verify"]);
  const signerKeys = await webcrypto.subtle.generateKey(ALG, true, ["sign", "verify"]);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${options.commonName} Root, O=${options.commonName}`,
    notBefore: now,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${options.commonName}, O=${options.commonName}`,
    issuer: root.subject,
    notBefore: now,
    notAfter,
    publicKey: signerKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", signerKeys.privateKey));
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString("base64").replace(/.{64}/g, "$&\n").trim()}\n-----END PRIVATE KEY-----\n`;
  return { certPem: `${signer.toString("pem")}\n${root.toString("pem")}\n`, keyPem };
}

function serial(): string {
  // A positive 16-byte serial (RFC 5280 4.1.2.2: at most 20 octets, positive).
  return `01${Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString("hex")}`;
}

let cached: Promise<SigningCredentials> | undefined;

/**
 * The certificate chain and key manifests are signed with: C2PA_SIGN_CERT and C2PA_SIGN_KEY when the operator
 * sets them, otherwise a certificate of our own made on first start and kept in DATA_DIR beside the session
 * secret (c2pa-signer.pem: the chain and the key, mode 0600), so every process and restart signs as the same signer.
 */
export function getSigningCredentials(): Promise<SigningCredentials> {
  cached ??= loadCredentials().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadCredentials(): Promise<SigningCredentials> {
  const { C2PA_SIGN_CERT, C2PA_SIGN_KEY, DATA_DIR } = env();
  if (C2PA_SIGN_CERT && C2PA_SIGN_KEY) {
    return { chain: parseCertificateChain(C2PA_SIGN_CERT), key: createPrivateKey(C2PA_SIGN_KEY), configured: true };
  }
  const file = path.resolve(DATA_DIR, "c2pa-signer.pem");
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    const made = await issueOwnCertificate({ commonName: "Aranżer" });
    text = made.certPem + made.keyPem;
    await mkdir(path.dirname(file), { recursive: true });
    // One file, written only if absent: two processes starting at once end up signing with the same one.
    await writeFile(file, text, { mode: 0o600, flag: "wx" }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
      text = await readFile(file, "utf8");
    });
    if (env().NODE_ENV === "production") log.warn("provenance.certificate_issued", { file, hint: "set C2PA_SIGN_CERT and C2PA_SIGN_KEY to sign with a certificate on the C2PA trust list" });
  }
  const key = /-----BEGIN PRIVATE KEY-----[^-]+-----END PRIVATE KEY-----/.exec(text)?.[0];
  if (!key) throw new Error(`${file} holds no private key`);
  return { chain: parseCertificateChain(text), key: createPrivateKey(key), configured: false };
}

/** Tests: forget the loaded credentials (after changing DATA_DIR or the environment). */
export function forgetSigningCredentials(): void {
  cached = undefined;
}
