import "server-only";
import { createTranslator } from "next-intl";
import type { Locale } from "@/config/routes";
import { env } from "@/env";
import { catalogs } from "@/i18n/catalogs";
import { accountRecipients } from "@/server/mail/account-recipients";
import { htmlParagraphs, mailDocument } from "@/server/mail/mail-html";
import { mailTransport } from "@/server/mail/transport";
import { findPostOfThread } from "./find-post-of-thread";

/** Tells a comment's author, in their language, that moderators took back its hide, with the moderator's note if any. */
export async function sendRestoredMail(options: { thread: string; commentId: string; authorId: string | null; note: string }): Promise<void> {
  if (!options.authorId) return;
  const [author] = await accountRecipients({ ids: [options.authorId] });
  if (!author) return;
  const locale: Locale = author.locale ?? (options.thread.startsWith("en:") ? "en" : "pl");
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "moderation.email" });
  const post = await findPostOfThread(options.thread);
  const paragraphs = [t("restoredIntro", { title: post?.title ?? "" })];
  if (options.note) paragraphs.push(t("restoredNote", { note: options.note }));
  if (post) paragraphs.push(t("link", { url: `${env().appUrl}${post.path}#comment-${options.commentId}` }));
  paragraphs.push(t("signature"));
  await mailTransport().send({ to: author.email, subject: t("restoredSubject"), text: paragraphs.join("\n\n"), html: mailDocument(locale, htmlParagraphs(paragraphs)) });
}
