import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Announcer } from "@/components/comments/announcer";
import { ModerationItem } from "@/components/comments/moderation-item";
import { HiddenItem } from "@/components/comments/hidden-item";
import { ModerationDecisions } from "@/components/comments/moderation-form";
import { HIDDEN_ID, QUEUE_ID } from "@/components/comments/moderation-ids";
import { RestoreDecisions } from "@/components/comments/restore-form";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { env } from "@/env";
import { findPostOfThread } from "@/server/comments/find-post-of-thread";
import { isModerator } from "@/server/comments/is-moderator";
import { listHiddenComments } from "@/server/comments/list-hidden-comments";
import { listModerationQueue } from "@/server/comments/list-moderation-queue";
import { ClientMessages } from "@/web/server/client-messages";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "moderation" });
  return pageMetadata({ locale, route: "/moderation", title: t("title"), index: false });
}

/**
 * The moderators' queue of reported comments (DSA notice and action), then the hidden comments, which a
 * moderator restores when an appeal holds. Anyone else: the same 404 as a typo.
 */
export default async function ModerationPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  if (!isModerator(user)) notFound();
  const t = await getTranslations("moderation");
  const [queue, hidden] = await Promise.all([listModerationQueue(), listHiddenComments()]);
  const threads = new Set([...queue.map((item) => item.comment.thread), ...hidden.map((item) => item.thread)]);
  const posts = new Map(await Promise.all([...threads].map(async (thread) => [thread, await findPostOfThread(thread)] as const)));
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <ClientMessages namespaces={["moderation"]}>
        <Announcer>
          <ModerationDecisions>
            <section id={QUEUE_ID} tabIndex={-1} aria-label={t("title")} className="focus:outline-none">
              {queue.length === 0 ? (
                <p className="text-gray-700 dark:text-gray-300">{t("empty")}</p>
              ) : (
                <ol className="space-y-6">
                  {queue.map((item) => (
                    <li key={item.comment.id}>
                      <ModerationItem item={item} post={posts.get(item.comment.thread) ?? null} siteUrl={env().appUrl} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </ModerationDecisions>
          <RestoreDecisions>
            <section id={HIDDEN_ID} tabIndex={-1} aria-labelledby={`${HIDDEN_ID}-title`} className="mt-12 focus:outline-none">
              <h2 id={`${HIDDEN_ID}-title`} className="text-2xl font-semibold text-gray-950 dark:text-white">
                {t("hidden.title")}
              </h2>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{t("hidden.lead")}</p>
              {hidden.length === 0 ? (
                <p className="mt-4 text-gray-700 dark:text-gray-300">{t("hidden.empty")}</p>
              ) : (
                <ol className="mt-6 space-y-6">
                  {hidden.map((item) => (
                    <li key={item.id}>
                      <HiddenItem item={item} post={posts.get(item.thread) ?? null} siteUrl={env().appUrl} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </RestoreDecisions>
        </Announcer>
      </ClientMessages>
    </PageContainer>
  );
}
