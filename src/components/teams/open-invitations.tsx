import { getFormatter, getTranslations } from "next-intl/server";
import type { TeamView } from "@/server/teams/get-team";
import { withdrawInvitationAction } from "@/web/actions/teams";
import { ActionForm } from "./action-form";

/** The team's invitations not yet accepted, each until its expiry, each withdrawn after a confirmation; more of them than free seats is said. */
export async function OpenInvitations({ invitations, locale, teamId, freeSeats }: { invitations: TeamView["invitations"]; locale: string; teamId: string; freeSeats: number }) {
  if (invitations.length === 0) return null;
  const t = await getTranslations("teams");
  const format = await getFormatter();
  return (
    <>
      <h3 className="mt-6 font-semibold text-gray-950 dark:text-white">{t("openInvitations")}</h3>
      {/* Seats are taken when joining, not when inviting: said before anyone is turned away. */}
      {invitations.length > freeSeats ? <p className="mt-2 text-sm text-amber-900 dark:text-amber-100">{t("invitationsOverSeats", { invitations: invitations.length, free: Math.max(0, freeSeats) })}</p> : null}
      <ul className="mt-2 space-y-2 text-gray-800 dark:text-gray-200">
        {invitations.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {i.email} · {t(`roles.${i.role}`)} · {t("until", { date: format.dateTime(new Date(i.expiresAt), { dateStyle: "medium", timeZone: "Europe/Warsaw" }) })}
            </span>
            <ActionForm
              action={withdrawInvitationAction}
              submit={t("withdraw")}
              submitLabel={t("withdrawLabel", { email: i.email })}
              variant="outline"
              color="red"
              confirm={{ title: t("withdrawTitle", { email: i.email }), description: t("withdrawConfirm"), confirmLabel: t("withdraw") }}
            >
              <input type="hidden" name="locale" value={locale} />
              <input type="hidden" name="teamId" value={teamId} />
              <input type="hidden" name="invitationId" value={i.id} />
            </ActionForm>
          </li>
        ))}
      </ul>
    </>
  );
}
