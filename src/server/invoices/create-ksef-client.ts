import "server-only";
import { constants, createCipheriv, createHash, publicEncrypt, randomBytes, X509Certificate, type KeyObject } from "node:crypto";

/** What filing one invoice with KSeF answered: where to ask about it, and its KSeF number once accepted. */
export type KsefFiling = { sessionReference: string; invoiceReference: string };
export type KsefStatus = { code: number; description: string; ksefNumber: string | null };

export type KsefClient = {
  /** Opens an online session, sends the FA(3) XML encrypted as KSeF 2.0 asks, closes the session. */
  file(xml: string): Promise<KsefFiling>;
  /** The invoice's processing status; 200 with its KSeF number once accepted, 4xx codes when refused. */
  status(filing: KsefFiling): Promise<KsefStatus>;
};

const FORM_CODE = { systemCode: "FA (3)", schemaVersion: "1-0E", value: "FA" };

/**
 * A client of the KSeF 2.0 API (https://api-test.ksef.mf.gov.pl/v2 is the Ministry's test environment) that
 * signs in with a KSeF token for the seller's NIP and files invoices through an online session:
 * POST /auth/challenge, /auth/ksef-token (the token and the challenge's timestamp, RSA-OAEP-SHA256 with the
 * Ministry's KsefTokenEncryption key), GET /auth/{ref} until 200, POST /auth/token/redeem; then POST
 * /sessions/online (an AES-256 key encrypted with the SymmetricKeyEncryption key), /sessions/online/{ref}/invoices
 * (the XML in AES-256-CBC with PKCS#7, with SHA-256 hashes and sizes of both), /sessions/online/{ref}/close, and
 * GET /sessions/{ref}/invoices/{invoiceRef} for the status and KSeF number.
 */
export function createKsefClient(options: { baseUrl: string; nip: string; token: string; fetch?: typeof fetch; pollMs?: number }): KsefClient {
  const call = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, "");
  let keys: { token: KeyObject; symmetric: KeyObject } | null = null;
  let access: { token: string; validUntil: number } | null = null;

  async function request<T>(method: string, path: string, body?: unknown, bearer?: string): Promise<T> {
    const response = await call(`${base}${path}`, {
      method,
      headers: { accept: "application/json", ...(body ? { "content-type": "application/json" } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`KSeF ${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  async function publicKeys() {
    if (keys) return keys;
    const certificates = await request<{ certificate: string; usage: string[]; validTo: string }[]>("GET", "/security/public-key-certificates");
    const pick = (usage: string) => {
      const found = certificates.filter((c) => c.usage.includes(usage) && Date.parse(c.validTo) > Date.now()).at(-1);
      if (!found) throw new Error(`KSeF lists no valid ${usage} certificate`);
      return new X509Certificate(Buffer.from(found.certificate, "base64")).publicKey;
    };
    keys = { token: pick("KsefTokenEncryption"), symmetric: pick("SymmetricKeyEncryption") };
    return keys;
  }

  const oaep = (key: KeyObject, data: Buffer) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, data).toString("base64");
  const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("base64");

  async function accessToken(): Promise<string> {
    if (access && access.validUntil > Date.now() + 60_000) return access.token;
    const { token: tokenKey } = await publicKeys();
    const challenge = await request<{ challenge: string; timestampMs: number }>("POST", "/auth/challenge");
    const started = await request<{ referenceNumber: string; authenticationToken: { token: string } }>("POST", "/auth/ksef-token", {
      challenge: challenge.challenge,
      contextIdentifier: { type: "Nip", value: options.nip },
      encryptedToken: oaep(tokenKey, Buffer.from(`${options.token}|${challenge.timestampMs}`)),
    });
    const auth = started.authenticationToken.token;
    for (let attempt = 0; ; attempt++) {
      const state = await request<{ status: { code: number; description: string } }>("GET", `/auth/${started.referenceNumber}`, undefined, auth);
      if (state.status.code === 200) break;
      if (state.status.code >= 400 || attempt > 30) throw new Error(`KSeF sign-in failed: ${state.status.code} ${state.status.description}`);
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
    }
    const redeemed = await request<{ accessToken: { token: string; validUntil: string } }>("POST", "/auth/token/redeem", undefined, auth);
    access = { token: redeemed.accessToken.token, validUntil: Date.parse(redeemed.accessToken.validUntil) };
    return access.token;
  }

  return {
    async file(xml) {
      const bearer = await accessToken();
      const { symmetric } = await publicKeys();
      const key = randomBytes(32);
      const iv = randomBytes(16);
      const session = await request<{ referenceNumber: string }>(
        "POST",
        "/sessions/online",
        { formCode: FORM_CODE, encryption: { encryptedSymmetricKey: oaep(symmetric, key), initializationVector: iv.toString("base64") } },
        bearer,
      );
      const plain = Buffer.from(xml, "utf8");
      const cipher = createCipheriv("aes-256-cbc", key, iv);
      const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
      const sent = await request<{ referenceNumber: string }>(
        "POST",
        `/sessions/online/${session.referenceNumber}/invoices`,
        { invoiceHash: sha256(plain), invoiceSize: plain.length, encryptedInvoiceHash: sha256(encrypted), encryptedInvoiceSize: encrypted.length, encryptedInvoiceContent: encrypted.toString("base64") },
        bearer,
      );
      await request("POST", `/sessions/online/${session.referenceNumber}/close`, undefined, bearer);
      return { sessionReference: session.referenceNumber, invoiceReference: sent.referenceNumber };
    },
    async status(filing) {
      const bearer = await accessToken();
      const answer = await request<{ ksefNumber?: string; status: { code: number; description: string } }>("GET", `/sessions/${filing.sessionReference}/invoices/${filing.invoiceReference}`, undefined, bearer);
      return { code: answer.status.code, description: answer.status.description, ksefNumber: answer.ksefNumber ?? null };
    },
  };
}
