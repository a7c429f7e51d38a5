import "server-only";
import { createTranslator } from "next-intl";
import type { Locale } from "@/config/routes";
import { mailTransport } from "./transport";
import { catalogs } from "@/i18n/catalogs";
import { escapeHtml, htmlParagraphs, mailDocument } from "./mail-html";

export type MailTemplate = "confirmEmail" | "resetPassword" | "passwordChanged" | "accountExists" | "signInFailures" | "orderConfirmation" | "commentReported" | "teamInvitation";

/**
 * Renders one of the product's e-mails in the user's language and sends it. `values` fill the ICU
 * arguments of the subject and intro; `details` are paragraphs the caller translated (an order's item,
 * price and consent), placed after the intro.
 */
export async function sendTemplateMail(options: { to: string; locale: Locale; template: MailTemplate; url?: string; values?: Record<string, string | number>; details?: string[] }) {
  const t = createTranslator({ locale: options.locale, messages: catalogs[options.locale], namespace: "email" });
  const subject = t(`${options.template}.subject`, options.values);
  const paragraphs = [t(`${options.template}.intro`, options.values), ...(options.details ?? [])];
  const action = options.url ? { label: t(`${options.template}.action`), url: options.url } : null;
  const outro = [t(`${options.template}.outro`), t("signature")];

  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), ...outro].join("\n\n");
  const html = mailDocument(
    options.locale,
    `<p style="font-size:20px;font-weight:700;color:#c2410c">Aranżer</p>
${htmlParagraphs(paragraphs)}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#c2410c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#4b5563">${escapeHtml(action.url)}</p>` : ""}
${htmlParagraphs(outro)}`,
  );

  await mailTransport().send({ to: options.to, subject, text, html });
}
