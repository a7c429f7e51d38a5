import type { getFormatter, getTranslations } from "next-intl/server";
import { Link } from "@/components/link";
import { Markdown } from "@/components/markdown";
import { pathFor, type Locale } from "@/config/routes";
import { commentRules } from "@/config/comments";
import type { CommentNode } from "@/server/comments/list-thread";
import { CommentActions } from "./comment-actions";

export type ThreadContext = {
  post: { locale: Locale; slug: string };
  signedIn: boolean;
  limits: { maxLength: number; reportDetailsMaxLength: number };
  format: Awaited<ReturnType<typeof getFormatter>>;
  t: Awaited<ReturnType<typeof getTranslations<"comments">>>;
  tModeration: Awaited<ReturnType<typeof getTranslations<"moderation">>>;
  externalLinkHint: string;
  siteUrl: string;
  contactEmail: string;
};

type Entry = { node: CommentNode; replyTo?: CommentNode };

/**
 * One level of the thread. Levels up to commentRules.indentedLevels indent under their parent; below the
 * last of them every further reply is listed flat, in order, saying whom it answers, so a long exchange
 * stays readable on a 375 px screen.
 */
export function CommentList({ entries, level, context }: { entries: Entry[]; level: number; context: ThreadContext }) {
  const nested = level > 1 && level <= commentRules.indentedLevels;
  return (
    <ol className={nested ? "mt-2 ml-2 space-y-2 border-l-2 border-gray-200 pl-3 sm:ml-4 sm:pl-5 dark:border-gray-700" : level === 1 ? "mt-8 space-y-6" : "mt-2 space-y-2"}>
      {entries.map((entry) => (
        <li key={entry.node.id}>
          <CommentView entry={entry} context={context} />
          {/* Below the last indented level, flatten() has listed every further reply already. */}
          {level <= commentRules.indentedLevels && entry.node.replies.length > 0 ? (
            <CommentList
              entries={level < commentRules.indentedLevels ? entry.node.replies.map((node) => ({ node })) : flatten(entry.node)}
              level={level + 1}
              context={context}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Every reply below `node`, oldest first, each with the comment it answers. */
function flatten(node: CommentNode): Entry[] {
  const all: Entry[] = [];
  const collect = (parent: CommentNode) => {
    for (const reply of parent.replies) {
      all.push({ node: reply, replyTo: parent });
      collect(reply);
    }
  };
  collect(node);
  return all.sort((a, b) => a.node.createdAt.getTime() - b.node.createdAt.getTime());
}

function CommentView({ entry: { node, replyTo }, context }: { entry: Entry; context: ThreadContext }) {
  const { t, format } = context;
  const labelId = `comment-${node.id}-label`;
  const placeholder = node.state === "deleted" || (node.state === "withheld" && !node.mine);
  const articleClass = "scroll-mt-24 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-600";
  if (placeholder) {
    return (
      <article id={`comment-${node.id}`} tabIndex={-1} aria-labelledby={labelId} className={articleClass}>
        <p id={labelId} className="py-1 text-sm text-gray-600 italic dark:text-gray-400">
          {t(node.state === "deleted" ? "deleted" : "withheld")}
        </p>
      </article>
    );
  }
  const answered = replyTo ? (replyTo.state === "published" || replyTo.mine ? replyTo.authorCode : null) : undefined;
  return (
    <article id={`comment-${node.id}`} tabIndex={-1} aria-labelledby={labelId} className={articleClass}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-gray-700 dark:text-gray-300">
        <span id={labelId} className="font-semibold text-gray-950 dark:text-white">
          {node.authorCode ? t("reader", { code: node.authorCode }) : "—"}
        </span>
        <time dateTime={node.createdAt.toISOString()}>{format.dateTime(node.createdAt, { dateStyle: "medium", timeStyle: "short" })}</time>
        {node.editedAt ? <span>({t("edited")})</span> : null}
        {answered === undefined ? null : <span>{answered ? t("inReplyTo", { name: t("reader", { code: answered }) }) : t("inReplyToPlaceholder")}</span>}
      </p>
      {node.moderation ? <ModerationNotice moderation={node.moderation} context={context} /> : null}
      {node.body !== null ? (
        <Markdown variant="comment" externalLinkHint={context.externalLinkHint} siteUrl={context.siteUrl} className="mt-1 break-words">
          {node.body}
        </Markdown>
      ) : node.moderation?.action === "removed" ? (
        <p className="mt-1 text-sm text-gray-600 italic dark:text-gray-400">{t("moderated.removedBody")}</p>
      ) : null}
      <CommentActions
        commentId={node.id}
        post={context.post}
        signedIn={context.signedIn}
        canReply={context.signedIn && node.state === "published"}
        edit={node.editableUntil && node.body !== null ? { body: node.body, until: format.dateTime(node.editableUntil, { timeStyle: "short" }) } : null}
        canDelete={node.mine}
        canReport={!node.mine && node.state === "published"}
        limits={context.limits}
      />
    </article>
  );
}

function ModerationNotice({ moderation, context }: { moderation: NonNullable<CommentNode["moderation"]>; context: ThreadContext }) {
  const { t, tModeration, format } = context;
  const linkClass = "font-medium underline underline-offset-2";
  return (
    <div role="note" className="mt-2 space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <p className="font-semibold">{t("moderated.notice", { action: moderation.action, date: format.dateTime(moderation.at, { dateStyle: "long", timeStyle: "short" }) })}</p>
      {moderation.ground ? <p>{t("moderated.ground", { ground: tModeration(`grounds.${moderation.ground}`) })}</p> : null}
      <p className="break-words whitespace-pre-line">{t("moderated.reason", { reason: moderation.reason })}</p>
      <p>{t("moderated.facts")}</p>
      <p>
        {t.rich("moderated.appeal", {
          address: context.contactEmail,
          email: (chunks) => (
            <a href={`mailto:${context.contactEmail}`} className={linkClass}>
              {chunks}
            </a>
          ),
          terms: (chunks) => (
            <Link href={pathFor("/terms", context.post.locale)} className={linkClass}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
