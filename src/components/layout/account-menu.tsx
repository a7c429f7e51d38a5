"use client";

import { Check, Coins, Crown, LogOut, ShieldCheck, UserRound, Users } from "lucide-react";
import { switchAccountAction } from "@/web/actions/teams";
import { Avatar } from "@/components/ui/avatar";
import { DropdownMenu } from "@/components/ui/dropdown-menu";
import { signOutAndGo } from "./sign-out";
import type { AccountMenuData } from "@/web/shared/account-menu-data";
import { useAccountMenu } from "@/components/account/person-data-store";

export type { AccountMenuData };

/** The header's account dropdown: who is signed in, subscription, tokens, profile, logout. */
export function AccountMenu({ data: rendered }: { data: AccountMenuData | null }) {
  // Fetched after the page (a signed-in shell), or newer than the render (a balance changed since).
  const data = useAccountMenu(rendered);
  // Until the shell's data arrives: the trigger's room, so nothing moves when it appears.
  if (!data) return <span aria-hidden="true" className="inline-block size-11" />;
  const t = data.labels;
  const choosesWorkspace = data.workspace.accounts.length > 1;
  const trigger = (
    <button
      type="button"
      aria-label={t.menuLabel}
      className="inline-flex size-11 items-center justify-center rounded-full hover:bg-gray-100 dark:hover:bg-gray-800"
    >
      {data.subscriptionActive ? (
        <Crown aria-label={t.activeSubscriber} className="size-6 text-primary-600 dark:text-primary-400" />
      ) : (
        <Avatar text={data.email} size="sm" />
      )}
    </button>
  );
  return (
    <DropdownMenu
      trigger={trigger}
      align="end"
      items={[
        [
          { type: "label", label: data.email },
          { type: "label", label: data.subscriptionLabel },
        ],
        [
          // Only someone in a team chooses where to work; for everyone else the menu has just the way to the team page.
          ...(choosesWorkspace ? [{ type: "label" as const, label: data.workspace.label }] : []),
          // What one creates belongs to where one works: the page is read anew in the chosen account.
          ...(choosesWorkspace ? data.workspace.accounts : []).map((option) => ({
            label: option.label,
            checked: option.active,
            icon: option.active ? <Check aria-hidden="true" className="size-4" /> : <span />,
            onSelect: option.active ? undefined : () => void switchAccountAction({ teamId: option.teamId }).then(() => window.location.reload()),
          })),
          { label: data.workspace.teamLabel, href: data.workspace.teamHref, icon: <Users aria-hidden="true" className="size-4" /> },
        ],
        [
          { label: data.tokensLabel, href: data.pricingHref, icon: <Coins aria-hidden="true" className="size-4" /> },
          { label: t.profile, href: data.profileHref, icon: <UserRound aria-hidden="true" className="size-4" /> },
          ...(data.moderation ? [{ label: data.moderation.label, href: data.moderation.href, icon: <ShieldCheck aria-hidden="true" className="size-4" /> }] : []),
        ],
        [{ label: t.logout, icon: <LogOut aria-hidden="true" className="size-4" />, onSelect: () => void signOutAndGo(data.loginHref) }],
      ]}
    />
  );
}
