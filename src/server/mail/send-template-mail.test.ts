import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "aranzer-mail-"));
  process.env.DATA_DIR = dir; // read once, when the transport is first made
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The Subject header with its RFC 2047 encoded words (Q or B, UTF-8) decoded. */
function decodeSubject(raw: string): string {
  const header = raw.match(/^Subject: (.+(?:\r?\n[ \t].+)*)/m)![1]!.replace(/\?=\s+=\?/g, "?==?");
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) => {
    if (kind.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  });
}

const subjects = {
  pl: {
    confirmEmail: "Potwierdź adres e-mail w Aranżerze",
    resetPassword: "Zmiana hasła w Aranżerze",
    passwordChanged: "Hasło w Aranżerze zostało zmienione",
    accountExists: "Masz już konto w Aranżerze",
    signInFailures: "Nieudane próby logowania do Aranżera",
  },
  en: {
    confirmEmail: "Confirm your e-mail address for Aranżer",
    resetPassword: "Change your Aranżer password",
    passwordChanged: "Your Aranżer password has been changed",
    accountExists: "You already have an Aranżer account",
    signInFailures: "Failed log-in attempts to your Aranżer account",
  },
} as const;

describe("account e-mails", () => {
  for (const locale of ["pl", "en"] as const) {
    for (const [template, subject] of Object.entries(subjects[locale])) {
      it(`${template} in ${locale}: subject, link in text and HTML, escaped`, async () => {
        const { sendTemplateMail } = await import("./send-template-mail");
        const to = `${template}-${locale}@example.test`;
        const url = `http://localhost:3000/x?token=a&b="<c>"`;
        await sendTemplateMail({ to, locale, template: template as keyof (typeof subjects)["pl"], url });
        const file = (await readdir(path.join(dir, "mail"))).find((f) => f.endsWith(`${to}.eml`));
        const raw = await readFile(path.join(dir, "mail", file!), "utf8");
        const decoded = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
        expect(decoded).toContain(url);
        expect(decoded).toContain("&quot;&lt;c&gt;&quot;");
        expect(decoded).toContain(`lang="${locale}"`);
        expect(raw).toMatch(/^Subject: /m);
        expect(decodeSubject(raw)).toBe(subject);
      });
    }
  }
});

describe("every e-mail's plain-text part", () => {
  const templates = ["confirmEmail", "resetPassword", "passwordChanged", "accountExists", "signInFailures", "orderConfirmation", "commentReported", "teamInvitation"] as const;
  for (const locale of ["pl", "en"] as const) {
    it(`in ${locale}: reads right without the HTML (no button to click, the link written out)`, async () => {
      const { sendTemplateMail } = await import("./send-template-mail");
      for (const template of templates) {
        const to = `plain-${template}-${locale}@example.test`;
        const url = `http://localhost:3000/${template}`;
        await sendTemplateMail({ to, locale, template, url, values: { product: "Pro", title: "Wpis", reason: "spam", team: "Ekipa", days: 7 } });
        const file = (await readdir(path.join(dir, "mail"))).find((f) => f.endsWith(`${to}.eml`));
        const raw = await readFile(path.join(dir, "mail", file!), "utf8");
        const decoded = Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");
        const text = decoded.slice(decoded.indexOf("text/plain"), decoded.indexOf("text/html"));
        expect(text, template).toContain(url);
        expect(text, template).not.toMatch(/button|click|przycisk|klikn/i);
      }
    });
  }
});
