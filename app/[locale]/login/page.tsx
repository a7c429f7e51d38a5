import { getTranslations } from "next-intl/server";
import { LoginPanel } from "@/components/auth/login-panel";
import { loginTabOf } from "@/components/auth/login-tab";
import { ClientMessages } from "@/web/server/client-messages";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { env } from "@/env";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale } from "@/web/server/page-params";
import { requireAnonymous } from "@/web/server/require-anonymous";
import { invitationOnReturn } from "@/web/server/invitation-on-return";

/** What the sign-in page says of an invitation link that no longer works, by where it stands. */
const deadInvitation = { used: "invitationUsed", expired: "invitationExpired", unknown: "invitationUnknown" } as const;

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "auth" });
  return pageMetadata({ locale, route: "/login", title: t("title") });
}

export default async function LoginPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  await requireAnonymous(locale);
  const t = await getTranslations("auth");
  const tErrors = await getTranslations("errors.reasons");
  const query = await searchParams;
  const token = typeof query.token === "string" ? query.token : null;
  const error = typeof query.error === "string" ? query.error : null;
  // better-auth sends failed e-mail links back with ?error=: the reset link to here, the confirmation link via /confirm.
  const notice = error ? (error === "INVALID_TOKEN" && query.reset !== undefined ? "resetLinkInvalid" : "verifyFailed") : null;
  // A team invitation's link brought the visitor here: say who invited them where, and with which address.
  const invitation = await invitationOnReturn();
  return (
    <PageContainer narrow>
      <PageHeader title={t("title")} />
      {invitation?.state === "open" ? (
        <p role="status" className="mb-6 rounded-xl bg-primary-50 p-4 text-gray-900 dark:bg-gray-900 dark:text-gray-100">
          {invitation.invitedBy
            ? t("invited", { inviter: invitation.invitedBy, team: invitation.teamName, email: invitation.email })
            : t("invitedTeam", { team: invitation.teamName, email: invitation.email })}
        </p>
      ) : invitation ? (
        <p role="alert" className="mb-6 rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {tErrors(deadInvitation[invitation.state])}
        </p>
      ) : null}
      <ClientMessages namespaces={["auth"]}>
        <LoginPanel
        confirmPath={pathFor("/confirm", locale)}
        loginPath={pathFor("/login", locale)}
        resetRedirect={`${pathFor("/login", locale)}?reset`}
        googleEnabled={Boolean(env().GOOGLE_CLIENT_ID)}
        resetToken={token}
        initialTab={loginTabOf(query.tab)}
        initialNotice={notice}
        termsHref={pathFor("/terms", locale)}
        privacyHref={pathFor("/privacy", locale)}
        initialEmail={invitation?.state === "open" ? invitation.email : undefined}
        />
      </ClientMessages>
    </PageContainer>
  );
}
