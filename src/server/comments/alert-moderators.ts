import "server-only";
import { createTranslator } from "next-intl";
import { pathFor, type Locale } from "@/config/routes";
import { env } from "@/env";
import { catalogs } from "@/i18n/catalogs";
import type { ReportReason } from "@/server/db/schema";
import { log } from "@/server/log";
import { accountRecipients } from "@/server/mail/account-recipients";
import { sendTemplateMail } from "@/server/mail/send-template-mail";
import { findPostOfThread } from "./find-post-of-thread";

/**
 * Tells every moderator (ADMIN_EMAILS), in their language, that a comment has a report waiting, so that
 * notices are handled without undue delay (DSA Art. 16(6)) and not only when someone opens the queue. Once per
 * comment while it has open reports: further reports of it join the queue quietly. A mail that cannot be sent
 * is logged; the report stands.
 */
export async function alertModerators(options: { thread: string; reason: ReportReason }): Promise<void> {
  const { ADMIN_EMAILS, appUrl } = env();
  if (ADMIN_EMAILS.length === 0) return;
  const rows = await accountRecipients({ emails: ADMIN_EMAILS });
  const locales = new Map(rows.map((row) => [row.email.toLowerCase(), row.locale]));
  const post = await findPostOfThread(options.thread);
  for (const email of ADMIN_EMAILS) {
    const locale: Locale = locales.get(email) ?? "pl";
    const reasons = createTranslator({ locale, messages: catalogs[locale], namespace: "comments.report.reasons" });
    try {
      await sendTemplateMail({
        to: email,
        locale,
        template: "commentReported",
        url: `${appUrl}${pathFor("/moderation", locale)}`,
        values: { reason: reasons(options.reason), title: post?.title ?? options.thread },
      });
    } catch (error) {
      log.warn("comments.moderator_alert_failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
