import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Announcer } from "@/components/comments/announcer";
import { ModerationItem } from "@/components/comments/moderation-item";
import { ModerationDecisions, QUEUE_ID } from "@/components/comments/moderation-form";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { env } from "@/env";
import { findPostOfThread } from "@/server/comments/find-post-of-thread";
import { isModerator } from "@/server/comments/is-moderator";
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

/** The moderators' queue of reported comments (DSA notice and action). Anyone else: the same 404 as a typo. */
export default async function ModerationPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  if (!isModerator(user)) notFound();
  const t = await getTranslations("moderation");
  const queue = await listModerationQueue();
  const posts = new Map(await Promise.all([...new Set(queue.map((item) => item.comment.thread))].map(async (thread) => [thread, await findPostOfThread(thread)] as const)));
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
        </Announcer>
      </ClientMessages>
    </PageContainer>
  );
}
