import "server-only";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import nodemailer from "nodemailer";
import { env } from "@/env";
import { log } from "@/server/log";

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** Where e-mails go: an .eml outbox under DATA_DIR/mail when no SMTP is configured, SMTP otherwise. */
export type MailTransport = { send(mail: OutgoingMail): Promise<void> };

/**
 * The outbox file of one message: time, a random part (two messages in one millisecond must not overwrite
 * each other) and at most 64 safe characters of the address, so any address, however long or odd, gives a
 * short name of letters, digits and `@._-` (no separators, no leading dot).
 */
export function outboxFileName(to: string, now = new Date()): string {
  const safeTo = to.replace(/[^a-z0-9@._-]/gi, "_").slice(0, 64);
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}-${safeTo}.eml`;
}

/**
 * `showLinks`: the log line lists the message's links (their tokens redacted, see src/server/log.ts), for
 * a local setup; on a public APP_URL it only counts them, as the file holds live links to a real site.
 */
export function createOutboxTransport(options: { dir: string; from: string; showLinks?: boolean }): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await composer.sendMail({ from: options.from, ...mail });
      await mkdir(options.dir, { recursive: true });
      const file = path.join(options.dir, outboxFileName(mail.to));
      await writeFile(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info("mail.outbox", { to: mail.to, subject: mail.subject, file, ...(options.showLinks === false ? { linkCount: links.length } : { links }) });
    },
  };
}

export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.url);
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from: options.from, ...mail });
      log.info("mail.sent", { to: mail.to, subject: mail.subject, messageId: info.messageId });
    },
  };
}

let transport: MailTransport | undefined;
export function mailTransport(): MailTransport {
  if (!transport) {
    const { SMTP_URL, MAIL_FROM, DATA_DIR, publicAppUrl } = env();
    transport = SMTP_URL
      ? createSmtpTransport({ url: SMTP_URL, from: MAIL_FROM })
      : createOutboxTransport({ dir: path.resolve(DATA_DIR, "mail"), from: MAIL_FROM, showLinks: !publicAppUrl });
  }
  return transport;
}
