import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { ActionForm } from "@/components/teams/action-form";
import { findInvitation } from "@/server/teams/find-invitation";
import { joinTeamAction } from "@/web/actions/teams";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "teams" });
  return pageMetadata({ locale, route: "/team/join", title: t("joinTitle"), index: false });
}

/**
 * An invitation link's page: a visitor is sent to sign in (or sign up) first and comes back here; joining is a
 * button, so a link opened by a mail scanner uses nothing up. It names the team, who invited and the invited
 * address; a used or expired link says so at once, without a button that could only be refused.
 */
export default async function JoinTeamPage({ params, searchParams }: LocaleParams & { searchParams: Promise<{ token?: string }> }) {
  const locale = await pageLocale(params);
  await requireUser(locale);
  const t = await getTranslations("teams");
  const tErrors = await getTranslations("errors.reasons");
  const { token } = await searchParams;
  const invitation = token ? await findInvitation({ token }) : null;
  const alert = (text: string) => (
    <p role="alert" className="rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {text}
    </p>
  );
  const lead = invitation
    ? [invitation.invitedBy ? t("joinInvitedBy", { inviter: invitation.invitedBy, team: invitation.teamName }) : null, t("joinLead"), t("joinFor", { email: invitation.email })].filter(Boolean).join(" ")
    : t("joinLead");
  return (
    <PageContainer narrow>
      <PageHeader title={invitation ? t("joinTitleTeam", { team: invitation.teamName }) : t("joinTitle")} lead={lead} />
      {!token ? (
        alert(t("joinMissing"))
      ) : invitation?.state === "used" ? (
        alert(tErrors("invitationUsed"))
      ) : invitation?.state === "expired" ? (
        alert(tErrors("invitationExpired"))
      ) : !invitation ? (
        alert(tErrors("invitationUnknown"))
      ) : (
        <ActionForm action={joinTeamAction} submit={t("join")}>
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="token" value={token} />
        </ActionForm>
      )}
    </PageContainer>
  );
}
