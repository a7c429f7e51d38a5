import { getFormatter, getTranslations } from "next-intl/server";
import { commentRules } from "@/config/comments";
import type { HiddenComment } from "@/server/comments/list-hidden-comments";
import { CommentSummary } from "./moderation-item";
import { RestoreForm } from "./restore-form";

/** A hidden comment on the moderation page: what it says, why it was hidden, and the restore for an appeal that holds. */
export async function HiddenItem({ item, post, siteUrl }: { item: HiddenComment; post: { title: string; path: string } | null; siteUrl: string }) {
  const t = await getTranslations("moderation");
  const format = await getFormatter();
  const titleId = `hidden-${item.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
      <CommentSummary comment={item} post={post} siteUrl={siteUrl} titleId={titleId} level="h3" />
      <p className="mt-3 text-sm text-gray-800 dark:text-gray-200">
        {t("hidden.decision", {
          date: item.moderatedAt ? format.dateTime(item.moderatedAt, { dateStyle: "medium", timeStyle: "short" }) : "—",
          ground: item.ground ? t(`grounds.${item.ground}`) : "—",
        })}
      </p>
      {item.reason ? <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-700 dark:text-gray-300">{item.reason}</p> : null}
      <div className="mt-4 border-t border-gray-200 pt-4 dark:border-gray-800">
        <RestoreForm commentId={item.id} noteMaxLength={commentRules.moderationReasonMaxLength} />
      </div>
    </article>
  );
}
