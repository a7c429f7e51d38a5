import "server-only";
import { createTranslator } from "next-intl";
import { catalogs, perLocale } from "@/i18n/catalogs";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";
import { subscriptionStatusKey } from "@/web/shared/subscription-status-key";
import type { AccountMenuData } from "@/web/shared/account-menu-data";
import { pathFor, type Locale } from "@/config/routes";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import { accountInView } from "./account-in-view";
import { isModeratorAccount } from "./is-moderator-account";

const accountTranslator = perLocale((locale) => createTranslator({ locale, messages: catalogs[locale], namespace: "account" }));
const teamsTranslator = perLocale((locale) => createTranslator({ locale, messages: catalogs[locale], namespace: "teams" }));
const billingTranslator = perLocale((locale) => createTranslator({ locale, messages: catalogs[locale], namespace: "billing" }));
const moderationTranslator = perLocale((locale) => createTranslator({ locale, messages: catalogs[locale], namespace: "moderation" }));

/** What the account menu shows, computed on the server so the client gets ready strings. */
export function accountMenuData(account: AccountSummary, locale: Locale): AccountMenuData {
  const t = accountTranslator[locale];
  // Working as a team, the crown and the plan line are the team's, like the pool beside them.
  const sub = accountInView(account).subscription;
  const date = sub ? formatSubscriptionDate(sub.periodEnd) : "";
  return {
    email: account.email ?? t("unknownUser"),
    // The crown marks a subscriber until the paid period ends, cancelled or not (isSubscriptionActive).
    subscriptionActive: Boolean(sub?.active),
    // The plan's name first: working as a team, the line is the team's plan, not one the person bought.
    subscriptionLabel: sub ? `${billingTranslator[locale](`products.${sub.planId}`)} · ${t(subscriptionStatusKey(sub), { date })}` : t("subscriptionNone"),
    // In a team, the tokens one spends are the pool's.
    tokensLabel: account.activeTeam ? teamsTranslator[locale]("teamPool", { count: account.activeTeam.balance }) : t("tokens", { count: account.balance }),
    pricingHref: pathFor("/pricing", locale),
    profileHref: pathFor("/settings/profile", locale),
    moderation: isModeratorAccount(account)
      ? { label: moderationTranslator[locale]("title"), href: pathFor("/moderation", locale) }
      : null,
    loginHref: pathFor("/login", locale),
    homeHref: pathFor("/", locale),
    labels: { menuLabel: t("menuLabel"), activeSubscriber: t("activeSubscriber"), profile: t("profile"), logout: t("logout") },
    workspace: workspaceOf(account, locale),
  };
}

function workspaceOf(account: AccountSummary, locale: Locale): AccountMenuData["workspace"] {
  const t = teamsTranslator[locale];
  const active = account.activeTeam;
  return {
    label: t("switchLabel"),
    accounts: [
      { teamId: "", label: t("switchMe"), active: !active },
      ...account.teams.map((team) => ({ teamId: team.id, label: t("switchTeam", { team: team.name }), active: team.id === active?.id })),
    ],
    teamHref: pathFor("/team", locale),
    teamLabel: t("teamLink"),
  };
}
