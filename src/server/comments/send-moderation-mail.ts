import "server-only";
import { createTranslator } from "next-intl";
import { pathFor, type Locale } from "@/config/routes";
import { env } from "@/env";
import { catalogs } from "@/i18n/catalogs";
import type { ModerationGround } from "@/server/db/schema";
import { accountRecipients } from "@/server/mail/account-recipients";
import { htmlParagraphs, mailDocument } from "@/server/mail/mail-html";
import { mailTransport } from "@/server/mail/transport";
import { findPostOfThread } from "./find-post-of-thread";

type Recipient = { email: string; locale: Locale };

/**
 * Tells the author the statement of reasons of a hide or removal (DSA Art. 17) and every reporter who
 * can be reached the outcome of their notice (Art. 16(5)), each in their own language, both with the
 * ways to appeal. A visitor's report gets the language of the thread.
 */
export async function sendModerationMail(options: {
  thread: string;
  commentId: string;
  commentCreatedAt: Date;
  resolution: "hidden" | "removed" | "dismissed";
  decidedAt: Date;
  ground: ModerationGround | null;
  reason: string | null;
  /** Null when the author is not told (a dismissal) or has no account any more. */
  authorId: string | null;
  reporters: { reporterId: string | null; reporterEmail: string | null }[];
}): Promise<void> {
  const threadLocale: Locale = options.thread.startsWith("en:") ? "en" : "pl";
  const accountIds = [...new Set([options.authorId, ...options.reporters.map((r) => r.reporterId)].filter((id): id is string => id !== null))];
  const accounts = new Map<string, Recipient>();
  for (const row of await accountRecipients({ ids: accountIds })) accounts.set(row.id, { email: row.email, locale: row.locale ?? threadLocale });
  const post = await findPostOfThread(options.thread);
  const { appUrl, CONTACT_EMAIL } = env();
  const postUrl = post ? `${appUrl}${post.path}#comment-${options.commentId}` : null;

  const compose = (to: Recipient, role: "author" | "reporter") => {
    const t = createTranslator({ locale: to.locale, messages: catalogs[to.locale], namespace: "moderation.email" });
    const tGrounds = createTranslator({ locale: to.locale, messages: catalogs[to.locale], namespace: "moderation.grounds" });
    const date = (value: Date) => value.toLocaleString(to.locale === "pl" ? "pl-PL" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Warsaw" });
    const values = { resolution: options.resolution, title: post?.title ?? "", date: date(options.commentCreatedAt), decidedAt: date(options.decidedAt) };
    const paragraphs = [t(`${role}Intro`, values)];
    if (options.ground && options.reason !== null) {
      paragraphs.push(t("ground", { ground: tGrounds(options.ground) }), t("reason", { reason: options.reason }), t("facts", values));
    }
    if (postUrl) paragraphs.push(t("link", { url: postUrl }));
    paragraphs.push(t("redress", { email: CONTACT_EMAIL, termsUrl: `${appUrl}${pathFor("/terms", to.locale)}` }), t("signature"));
    const text = paragraphs.join("\n\n");
    const html = mailDocument(to.locale, htmlParagraphs(paragraphs));
    return { to: to.email, subject: t(`${role}Subject`, values), text, html };
  };

  const mails = [];
  const author = options.authorId ? accounts.get(options.authorId) : undefined;
  if (author) mails.push(compose(author, "author"));
  const told = new Set<string>();
  for (const report of options.reporters) {
    const to = report.reporterId ? accounts.get(report.reporterId) : report.reporterEmail ? { email: report.reporterEmail, locale: threadLocale } : undefined;
    if (!to || told.has(to.email)) continue;
    told.add(to.email);
    mails.push(compose(to, "reporter"));
  }
  for (const mail of mails) await mailTransport().send(mail);
}
