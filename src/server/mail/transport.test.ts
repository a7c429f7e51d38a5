import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SMTPServer } from "smtp-server";
import { createOutboxTransport, createSmtpTransport, outboxFileName } from "./transport";

const mail = {
  to: "zofia@example.test",
  subject: "Potwierdź adres e-mail w Aranżerze",
  text: "Kliknij: http://localhost:3000/api/auth/verify-email?token=abc",
  html: "<p>Kliknij</p>",
};

describe("outbox transport", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "aranzer-outbox-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes an .eml file with a UTF-8 subject and both parts", async () => {
    await createOutboxTransport({ dir, from: "Aranżer <no-reply@aranzer.pl>" }).send(mail);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/zofia@example\.test\.eml$/);
    const raw = await readFile(path.join(dir, files[0]!), "utf8");
    expect(raw).toContain("To: zofia@example.test");
    expect(raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(raw).toContain("text/plain");
    expect(raw).toContain("text/html");
  });

  it("names files safely whatever the address: short, no separators, one file per message", async () => {
    const odd = [`${"a".repeat(2000)}@example.test`, "../../etc/passwd@example.test", "\u017cona\\x/y@example.test", ".hidden@example.test"];
    for (const to of odd) await createOutboxTransport({ dir, from: "Aranżer <no-reply@aranzer.pl>" }).send({ ...mail, to });
    const files = (await readdir(dir)).filter((f) => !f.endsWith("zofia@example.test.eml"));
    expect(files).toHaveLength(odd.length);
    for (const file of files) {
      expect(Buffer.byteLength(file)).toBeLessThan(120);
      expect(file).toMatch(/^[0-9TZ-]+-[0-9a-f]{6}-[A-Za-z0-9@._-]+\.eml$/);
    }
  });

  it("logs no usable link: tokens redacted, and on a public site no links at all", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const reset = { ...mail, text: "Reset: https://aranzer.pl/api/auth/reset-password/Zx9SecretToken?callbackURL=%2Flogin and http://localhost:3000/api/auth/verify-email?token=abc" };
    try {
      await createOutboxTransport({ dir, from: "Aranżer <no-reply@aranzer.pl>" }).send(reset);
      await createOutboxTransport({ dir, from: "Aranżer <no-reply@aranzer.pl>", showLinks: false }).send(reset);
    } finally {
      spy.mockRestore();
    }
    const [local, published] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(local!.links).toEqual(["https://aranzer.pl/api/auth/reset-password/[redacted]?callbackURL=%2Flogin", "http://localhost:3000/api/auth/verify-email?token=[redacted]"]);
    expect(published).toMatchObject({ event: "mail.outbox", linkCount: 2 });
    expect(published).not.toHaveProperty("links");
    expect(lines.join("")).not.toMatch(/Zx9SecretToken|token=abc/);
  });

  it("never overwrites: two messages to one address in one millisecond are two files", () => {
    const at = new Date();
    expect(outboxFileName("zofia@example.test", at)).not.toBe(outboxFileName("zofia@example.test", at));
  });
});

describe("SMTP transport against a real SMTP server", () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers the message to the server named by SMTP_URL", async () => {
    await createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "Aranżer <no-reply@aranzer.pl>" }).send(mail);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe("no-reply@aranzer.pl");
    expect(received[0]!.to).toEqual(["zofia@example.test"]);
    expect(received[0]!.data).toContain("verify-email?token=abc");
  });
});
