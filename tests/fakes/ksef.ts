import { createDecipheriv, createHash, privateDecrypt, constants, randomBytes, randomUUID } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

type Session = { key: Buffer; iv: Buffer; closed: boolean; invoices: Map<string, { xml: string; number: string; asked: number }> };

/**
 * A local stand-in of the KSeF 2.0 API (paths, request and response bodies and status codes of the Ministry of
 * Finance's open-api.json, test environment https://api-test.ksef.mf.gov.pl/v2) for the online session: it
 * publishes its own certificate as both the token and the symmetric-key encryption key, decrypts what it is
 * sent with the private key, checks the hashes and sizes, and gives each accepted FA(3) invoice a KSeF number
 * on the second status request (the first answers 150, being processed).
 */
export class FakeKsef {
  readonly token = `${randomUUID()}|nip-1234563218|fake`;
  readonly nip = "1234563218";
  readonly received: string[] = [];
  private readonly certificate: string;
  private readonly privateKey: string;
  private server: Server | null = null;
  private readonly challenges = new Map<string, number>();
  private readonly auths = new Map<string, { ok: boolean; token: string }>();
  private readonly accessTokens = new Set<string>();
  private readonly sessions = new Map<string, Session>();

  constructor() {
    const dir = mkdtempSync(path.join(tmpdir(), "fake-ksef-"));
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "key.pem", "-out", "cert.pem", "-subj", "/CN=fake-ksef", "-days", "2", "-outform", "PEM"], { cwd: dir, stdio: "ignore" });
      const pem = readFileSync(path.join(dir, "cert.pem"), "utf8");
      this.certificate = pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
      this.privateKey = readFileSync(path.join(dir, "key.pem"), "utf8");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private send(res: ServerResponse, status: number, body?: unknown) {
    res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  private refuse(res: ServerResponse, status: number, description: string) {
    this.send(res, status, { exception: { exceptionDetailList: [{ exceptionCode: status * 100, exceptionDescription: description }] } });
  }

  private decrypt(base64: string): Buffer {
    return privateDecrypt({ key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(base64, "base64"));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    const url = new URL(req.url ?? "/", "http://fake");
    const route = `${req.method} ${url.pathname.replace(/^\/v2/, "")}`;
    const bearer = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
    const now = Date.now();
    let match: RegExpMatchArray | null;

    if (route === "GET /security/public-key-certificates") {
      const validTo = new Date(now + 86_400_000).toISOString();
      return this.send(res, 200, [
        { certificate: this.certificate, certificateId: "fake-token", publicKeyId: "fake-token", validFrom: new Date(now - 1000).toISOString(), validTo, usage: ["KsefTokenEncryption"] },
        { certificate: this.certificate, certificateId: "fake-key", publicKeyId: "fake-key", validFrom: new Date(now - 1000).toISOString(), validTo, usage: ["SymmetricKeyEncryption"] },
      ]);
    }
    if (route === "POST /auth/challenge") {
      const challenge = `${new Date(now).toISOString().slice(0, 10).replaceAll("-", "")}-CR-${randomBytes(10).toString("hex").toUpperCase()}`;
      this.challenges.set(challenge, now);
      return this.send(res, 200, { challenge, timestamp: new Date(now).toISOString(), timestampMs: now, clientIp: "127.0.0.1" });
    }
    if (route === "POST /auth/ksef-token") {
      const timestampMs = this.challenges.get(String(body.challenge));
      const context = body.contextIdentifier as { type?: string; value?: string } | undefined;
      if (timestampMs === undefined || context?.type !== "Nip" || typeof body.encryptedToken !== "string") return this.refuse(res, 400, "Nieprawidłowe żądanie");
      this.challenges.delete(String(body.challenge));
      let plain = "";
      try {
        plain = this.decrypt(body.encryptedToken).toString();
      } catch {
        return this.refuse(res, 400, "Nie można odszyfrować tokena");
      }
      const referenceNumber = `${new Date(now).toISOString().slice(0, 10).replaceAll("-", "")}-AU-${randomBytes(5).toString("hex").toUpperCase()}`;
      const token = randomBytes(24).toString("base64url");
      this.auths.set(referenceNumber, { ok: plain === `${this.token}|${timestampMs}` && context.value === this.nip, token });
      return this.send(res, 202, { referenceNumber, authenticationToken: { token, validUntil: new Date(now + 600_000).toISOString() } });
    }
    if ((match = route.match(/^GET \/auth\/([^/]+)$/))) {
      const auth = this.auths.get(match[1]!);
      if (!auth || auth.token !== bearer) return this.refuse(res, 401, "Brak uwierzytelnienia");
      const status = auth.ok ? { code: 200, description: "Uwierzytelnianie zakończone sukcesem" } : { code: 450, description: "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu" };
      return this.send(res, 200, { startDate: new Date(now).toISOString(), authenticationMethod: "Token", authenticationMethodInfo: { category: "Token", code: "token.ksef", displayName: "Token KSeF" }, status });
    }
    if (route === "POST /auth/token/redeem") {
      const auth = [...this.auths.values()].find((a) => a.token === bearer && a.ok);
      if (!auth) return this.refuse(res, 401, "Brak uwierzytelnienia");
      const accessToken = randomBytes(24).toString("base64url");
      this.accessTokens.add(accessToken);
      return this.send(res, 200, { accessToken: { token: accessToken, validUntil: new Date(now + 900_000).toISOString() }, refreshToken: { token: randomBytes(24).toString("base64url"), validUntil: new Date(now + 86_400_000).toISOString() } });
    }
    if (!this.accessTokens.has(bearer)) return this.refuse(res, 401, "Brak uwierzytelnienia");
    if (route === "POST /sessions/online") {
      const form = body.formCode as Record<string, string> | undefined;
      const encryption = body.encryption as { encryptedSymmetricKey?: string; initializationVector?: string } | undefined;
      if (form?.systemCode !== "FA (3)" || form.schemaVersion !== "1-0E" || form.value !== "FA" || !encryption?.encryptedSymmetricKey || !encryption.initializationVector) return this.refuse(res, 400, "Nieprawidłowy formularz");
      const key = this.decrypt(encryption.encryptedSymmetricKey);
      const iv = Buffer.from(encryption.initializationVector, "base64");
      if (key.length !== 32 || iv.length !== 16) return this.refuse(res, 400, "Nieprawidłowy klucz");
      const referenceNumber = `${new Date(now).toISOString().slice(0, 10).replaceAll("-", "")}-SO-${randomBytes(5).toString("hex").toUpperCase()}`;
      this.sessions.set(referenceNumber, { key, iv, closed: false, invoices: new Map() });
      return this.send(res, 201, { referenceNumber, validUntil: new Date(now + 12 * 3_600_000).toISOString() });
    }
    if ((match = route.match(/^POST \/sessions\/online\/([^/]+)\/invoices$/))) {
      const session = this.sessions.get(match[1]!);
      if (!session || session.closed) return this.refuse(res, 400, "Sesja nie istnieje lub jest zamknięta");
      const encrypted = Buffer.from(String(body.encryptedInvoiceContent), "base64");
      const sha = (data: Buffer) => createHash("sha256").update(data).digest("base64");
      if (sha(encrypted) !== body.encryptedInvoiceHash || encrypted.length !== body.encryptedInvoiceSize) return this.refuse(res, 400, "Skrót zaszyfrowanej faktury się nie zgadza");
      const decipher = createDecipheriv("aes-256-cbc", session.key, session.iv);
      const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      if (sha(plain) !== body.invoiceHash || plain.length !== body.invoiceSize) return this.refuse(res, 400, "Skrót faktury się nie zgadza");
      const xml = plain.toString("utf8");
      const number = /<P_2>([^<]+)<\/P_2>/.exec(xml)?.[1] ?? "";
      const referenceNumber = `${new Date(now).toISOString().slice(0, 10).replaceAll("-", "")}-EE-${randomBytes(5).toString("hex").toUpperCase()}`;
      session.invoices.set(referenceNumber, { xml, number, asked: 0 });
      this.received.push(xml);
      return this.send(res, 202, { referenceNumber });
    }
    if ((match = route.match(/^POST \/sessions\/online\/([^/]+)\/close$/))) {
      const session = this.sessions.get(match[1]!);
      if (!session) return this.refuse(res, 400, "Sesja nie istnieje");
      session.closed = true;
      return this.send(res, 204);
    }
    if ((match = route.match(/^GET \/sessions\/([^/]+)\/invoices\/([^/]+)$/))) {
      const invoice = this.sessions.get(match[1]!)?.invoices.get(match[2]!);
      if (!invoice) return this.refuse(res, 404, "Faktura nie istnieje");
      invoice.asked++;
      const valid = invoice.xml.includes('xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"') && invoice.number !== "";
      const base = { ordinalNumber: 1, invoiceNumber: invoice.number, referenceNumber: match[2], invoiceHash: createHash("sha256").update(invoice.xml).digest("base64"), invoicingDate: new Date(now).toISOString() };
      if (invoice.asked < 2) return this.send(res, 200, { ...base, status: { code: 150, description: "Trwa przetwarzanie" } });
      if (!valid) return this.send(res, 200, { ...base, status: { code: 450, description: "Błąd weryfikacji semantyki dokumentu faktury" } });
      const ksefNumber = `${this.nip}-${new Date(now).toISOString().slice(0, 10).replaceAll("-", "")}-${randomBytes(6).toString("hex").toUpperCase()}-${randomBytes(1).toString("hex").toUpperCase()}`;
      return this.send(res, 200, { ...base, ksefNumber, acquisitionDate: new Date(now).toISOString(), status: { code: 200, description: "Sukces" } });
    }
    return this.refuse(res, 404, `Nieznany adres ${route}`);
  }
}
