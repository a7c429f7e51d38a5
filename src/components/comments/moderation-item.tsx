import { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/components/link";
import { Markdown } from "@/components/markdown";
import { commentRules } from "@/config/comments";
import type { QueueItem } from "@/server/comments/list-moderation-queue";
import { ModerationForm } from "./moderation-form";

type Summarized = { id: string; thread: string; body: string; authorName: string | null; authorEmail: string | null; createdAt: Date; editedAt?: Date | null };

/** What a moderator sees of a comment: the post it is under (the heading, `titleId`, at `level`), who wrote it and when, and its text. */
export async function CommentSummary({
  comment,
  post,
  siteUrl,
  titleId,
  level: Heading = "h2",
}: {
  comment: Summarized;
  post: { title: string; path: string } | null;
  siteUrl: string;
  titleId: string;
  level?: "h2" | "h3";
}) {
  const t = await getTranslations("moderation");
  const tLegal = await getTranslations("legal");
  const format = await getFormatter();
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  return (
    <>
      <Heading id={titleId} className="text-lg font-semibold text-gray-950 dark:text-white">
        {post
          ? t.rich("post", {
              title: post.title,
              link: (chunks) => (
                <Link href={`${post.path}#comment-${comment.id}`} className="text-primary-700 underline underline-offset-2 dark:text-primary-300">
                  {chunks}
                </Link>
              ),
            })
          : t("postGone", { thread: comment.thread })}
      </Heading>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        {comment.authorEmail
          ? t("author", { name: comment.authorName ?? "—", email: comment.authorEmail, date: when(comment.createdAt) })
          : t("authorGone", { date: when(comment.createdAt) })}
        {comment.editedAt ? ` (${t("edited")})` : null}
      </p>
      <div className="mt-3 rounded-lg bg-gray-50 p-3 dark:bg-gray-900">
        <Markdown variant="comment" externalLinkHint={tLegal("newTab")} siteUrl={siteUrl}>
          {comment.body}
        </Markdown>
      </div>
    </>
  );
}

/** One reported comment in the moderators' queue: where it is, who wrote it, what it says, and why it was reported. */
export async function ModerationItem({ item, post, siteUrl }: { item: QueueItem; post: { title: string; path: string } | null; siteUrl: string }) {
  const t = await getTranslations("moderation");
  const tComments = await getTranslations("comments");
  const format = await getFormatter();
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  const titleId = `report-${item.comment.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
      <CommentSummary comment={item.comment} post={post} siteUrl={siteUrl} titleId={titleId} />
      <h3 className="mt-4 text-base font-semibold text-gray-950 dark:text-white">{t("reports", { count: item.reports.length })}</h3>
      <ul className="mt-2 space-y-2">
        {item.reports.map((report) => (
          <li key={report.id} className="text-sm text-gray-800 dark:text-gray-200">
            <p>
              <strong className="font-semibold">{tComments(`report.reasons.${report.reason}`)}</strong>
              {" · "}
              {t("reporter", {
                reporter: report.signedIn
                  ? t("reporterAccount", { email: report.reporterEmail ?? "—" })
                  : report.reporterEmail
                    ? t("reporterEmail", { email: report.reporterEmail })
                    : t("reporterAnonymous"),
                date: when(report.createdAt),
              })}
            </p>
            <p className="break-words whitespace-pre-line text-gray-700 dark:text-gray-300">{report.details || t("noDetails")}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-gray-200 pt-4 dark:border-gray-800">
        <ModerationForm commentId={item.comment.id} reasonMaxLength={commentRules.moderationReasonMaxLength} />
      </div>
    </article>
  );
}
