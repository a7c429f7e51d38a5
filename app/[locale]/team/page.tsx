import { getFormatter, getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/link";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { ActionForm } from "@/components/teams/action-form";
import { OpenInvitations } from "@/components/teams/open-invitations";
import { TeamSubscriptionSection } from "@/components/teams/team-subscription-section";
import { UsageChart } from "@/components/teams/usage-chart";
import { isPlanId } from "@/config/plans";
import { pathFor } from "@/config/routes";
import { TEAM_CAP_MAX, TEAM_NAME_MAX } from "@/schemas/teams";
import { getActiveAccount } from "@/server/teams/get-active-account";
import { getTeam } from "@/server/teams/get-team";
import { getTeamUsage } from "@/server/teams/get-team-usage";
import { listTeamApiKeys } from "@/server/teams/list-team-api-keys";
import { listTeamsOfUser } from "@/server/teams/list-teams-of-user";
import { billingContext } from "@/server/billing/billing-context";
import { getSubscriptionState } from "@/server/billing/subscription-state";
import { closeTeamAction, createTeamAction, inviteAction, memberAction } from "@/web/actions/teams";
import { ClientMessages } from "@/web/server/client-messages";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "teams" });
  return pageMetadata({ locale, route: "/team", title: t("title"), index: false });
}

const input =
  "block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-primary-600 focus:outline-2 focus:outline-primary-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100";
const section = "rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800";
const heading = "text-lg font-semibold text-gray-950 dark:text-white";

/** What the page says after a change whose form left it (a withdrawn invitation, a removed member). */
const doneNotices = ["invitationWithdrawn", "memberRemoved", "left"] as const;

/** The team the person works in: its pool and seats, members with roles and caps, invitations and usage; or a way to found one. */
export default async function TeamPage({ params, searchParams }: LocaleParams & { searchParams: Promise<{ done?: string }> }) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const t = await getTranslations("teams");
  const tBilling = await getTranslations("billing");
  const tErrors = await getTranslations("errors.reasons");
  const format = await getFormatter();
  const active = await getActiveAccount({ userId: user.id });
  const { done } = await searchParams;
  const notice = doneNotices.find((key) => key === done);
  const noticeLine = notice ? (
    <p role="status" className="mb-6 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
      {t(`done.${notice}`)}
    </p>
  ) : null;
  if (active.kind === "person") {
    const teams = await listTeamsOfUser({ userId: user.id });
    return (
      <PageContainer narrow>
        <PageHeader title={t("title")} lead={t("lead")} />
        {noticeLine}
        {teams.length > 0 ? <p className="mb-6 text-gray-700 dark:text-gray-300">{t("personHint")}</p> : null}
        <section aria-labelledby="create-team" className={section}>
          <h2 id="create-team" className={heading}>{t("createTitle")}</h2>
          <p className="mt-1 mb-4 text-gray-700 dark:text-gray-300">{t("createLead")}</p>
          <ActionForm action={createTeamAction} submit={t("create")}>
            <input type="hidden" name="locale" value={locale} />
            <label className="grow">
              <span className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">{t("nameLabel")}</span>
              <input name="name" required maxLength={TEAM_NAME_MAX} autoComplete="organization" className={input} />
            </label>
          </ActionForm>
        </section>
      </PageContainer>
    );
  }
  const team = await getTeam({ userId: user.id, teamId: active.teamId });
  const owner = team.role === "owner";
  const manager = owner || team.role === "admin";
  const usage = manager ? await getTeamUsage({ userId: user.id, teamId: team.id }) : null;
  const apiKeys = manager ? await listTeamApiKeys({ actorId: user.id, teamId: team.id }) : null;
  const sub = owner ? await getSubscriptionState((await billingContext()).db, user.id, team.id) : null;
  const hidden = (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="teamId" value={team.id} />
    </>
  );
  const monthLabel = (key: string) => format.dateTime(new Date(`${key}-15T12:00:00Z`), { month: "short", year: "numeric", timeZone: "Europe/Warsaw" });
  return (
    <PageContainer>
      <PageHeader title={team.name} lead={t("roleHelp")} />
      {noticeLine}
      <div className="space-y-8">
        <section aria-labelledby="pool" className={section}>
          <h2 id="pool" className={heading}>{t("pool")}</h2>
          <p className="mt-2 text-3xl font-bold text-gray-950 tabular-nums dark:text-white">{t("poolTokens", { count: team.balance })}</p>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            {t("yourRole", { role: t(`roles.${team.role}`) })} · {t("seats", { used: team.seatsUsed, seats: team.seats })} · {team.planId && isPlanId(team.planId) ? t("plan", { plan: tBilling(`products.${team.planId}`) }) : t("noPlan")}
          </p>
          {owner ? (
            <Button asChild className="mt-4">
              <Link href={pathFor("/pricing", locale)}>{t("buy")}</Link>
            </Button>
          ) : null}
        </section>

        {owner ? <TeamSubscriptionSection sub={sub} teamId={team.id} extraSeats={team.extraSeats} locale={locale} /> : null}

        <section aria-labelledby="members" className={section}>
          <h2 id="members" className={heading}>{t("membersTitle")}</h2>
          <ul className="mt-3 divide-y divide-gray-100 dark:divide-gray-900">
            {team.members.map((m) => {
              const self = m.userId === user.id;
              const removable = m.role !== "owner" && (self || owner || (team.role === "admin" && m.role === "agent"));
              const memberHidden = (
                <>
                  {hidden}
                  <input type="hidden" name="userId" value={m.userId} />
                </>
              );
              return (
                <li key={m.userId} className="space-y-2 py-3">
                  <p className="font-medium text-gray-950 dark:text-white">
                    {m.name} {m.email ? <span className="font-normal text-gray-700 dark:text-gray-300">({m.email})</span> : null} · {t(`roles.${m.role}`)}
                  </p>
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    {t("spent")}: <span className="tabular-nums">{m.spentThisMonth}</span> · {t("cap")}: {m.monthlyCap ?? t("noCap")}
                  </p>
                  {owner && !self ? (
                    <div className="flex flex-wrap gap-4">
                      <ActionForm action={memberAction} submit={t("saveCap")} done={t("capSaved")}>
                        {memberHidden}
                        <input type="hidden" name="change" value="cap" />
                        <label>
                          <span className="mb-1 block text-sm text-gray-800 dark:text-gray-200">{t("capLabel", { name: m.name })}</span>
                          <input name="cap" type="number" min={0} max={TEAM_CAP_MAX} defaultValue={m.monthlyCap ?? ""} className={`${input} w-32`} />
                        </label>
                      </ActionForm>
                      <ActionForm action={memberAction} submit={t("saveRole")} variant="outline" done={t("roleSaved")}>
                        {memberHidden}
                        <input type="hidden" name="change" value="role" />
                        <label>
                          <span className="mb-1 block text-sm text-gray-800 dark:text-gray-200">{t("makeRole", { name: m.name })}</span>
                          <select name="role" defaultValue={m.role} className={input}>
                            {(["owner", "admin", "agent"] as const).map((role) => (
                              <option key={role} value={role}>{t(`roles.${role}`)}</option>
                            ))}
                          </select>
                        </label>
                      </ActionForm>
                    </div>
                  ) : null}
                  {removable ? (
                    <ActionForm
                      action={memberAction}
                      submit={self ? t("leave") : t("remove")}
                      submitLabel={self ? undefined : t("removeLabel", { name: m.name })}
                      variant="outline"
                      color="red"
                      confirm={self ? undefined : { title: t("removeTitle", { name: m.name }), description: t("removeConfirm", { name: m.name }), confirmLabel: t("remove") }}
                    >
                      {memberHidden}
                      <input type="hidden" name="change" value="remove" />
                    </ActionForm>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>

        {manager ? (
          <section aria-labelledby="invite" className={section}>
            <h2 id="invite" className={heading}>{t("inviteTitle")}</h2>
            <p className="mt-1 mb-4 text-gray-700 dark:text-gray-300">{t("inviteLead")}</p>
            {team.seatsUsed >= team.seats ? (
              // Said before anyone types an address: sending is refused with the same sentence.
              <p className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">{tErrors("noFreeSeat", { used: team.seatsUsed, seats: team.seats, plan: team.planId ? "paid" : "none" })}</p>
            ) : null}
            <ActionForm action={inviteAction} submit={t("invite")} done={t("invited")}>
              {hidden}
              <label className="grow">
                <span className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">{t("email")}</span>
                <input name="email" type="email" required autoComplete="off" className={input} />
              </label>
              <label>
                <span className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">{t("role")}</span>
                <select name="role" defaultValue="agent" className={input}>
                  <option value="agent">{t("roles.agent")}</option>
                  <option value="admin">{t("roles.admin")}</option>
                </select>
              </label>
            </ActionForm>
            <OpenInvitations invitations={team.invitations} locale={locale} teamId={team.id} freeSeats={team.seats - team.seatsUsed} />
          </section>
        ) : null}

        {usage ? (
          <section aria-labelledby="usage" className={section}>
            <h2 id="usage" className={heading}>{t("usageTitle")}</h2>
            <p className="mt-1 mb-4 text-gray-700 dark:text-gray-300">{t("usageLead")}</p>
            {usage.members.length === 0 ? (
              <p className="text-gray-700 dark:text-gray-300">{t("usageEmpty")}</p>
            ) : (
              <UsageChart
                caption={t("usageTitle")}
                memberHeading={t("member")}
                months={usage.months.map((key) => ({ key, label: monthLabel(key) }))}
                rows={usage.members.map((m) => ({ name: m.name ?? t("formerMember"), byMonth: m.byMonth }))}
              />
            )}
            {usage.recent.length > 0 ? (
              <>
                <h3 className="mt-6 font-semibold text-gray-950 dark:text-white">{t("recentTitle")}</h3>
                <ul className="mt-2 space-y-1 text-sm text-gray-800 dark:text-gray-200">
                  {usage.recent.slice(0, 20).map((r, i) => (
                    <li key={`${r.at}-${i}`}>
                      {format.dateTime(new Date(r.at), { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Warsaw" })} · {t("recentItem", { name: r.name ?? t("formerMember"), amount: -r.amount })}
                      {r.listingName ? ` · ${t("onListing", { listing: r.listingName })}` : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        ) : null}

        {apiKeys ? (
          <ClientMessages namespaces={["apiSettings", "errors"]}>
            <ApiKeysPanel keys={apiKeys} teamId={team.id} />
          </ClientMessages>
        ) : null}

        {owner ? (
          <section aria-labelledby="close-team" className={section}>
            <h2 id="close-team" className={heading}>{t("closeTitle")}</h2>
            <p className="mt-1 mb-4 text-gray-700 dark:text-gray-300">{t("closeLead")}</p>
            <ActionForm action={closeTeamAction} submit={t("close")} variant="outline" color="red">
              {hidden}
            </ActionForm>
          </section>
        ) : null}
      </div>
    </PageContainer>
  );
}
