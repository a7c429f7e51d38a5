"use client";

import { Link } from "@/components/link";
import { Coins, Crown, LogOut, ShieldCheck, UserRound, Users } from "lucide-react";
import { switchAccountAction } from "@/web/actions/teams";
import { Modal } from "@/components/ui/modal";
import { Avatar } from "@/components/ui/avatar";
import { ColorModeSwitch } from "@/components/color-mode";
import { LanguageSwitch } from "./language-switch";
import { SocialLinksClient } from "./social-links-client";
import { signOutAndGo } from "./sign-out";
import type { Locale } from "@/config/routes";
import type { AccountMenuData } from "@/web/shared/account-menu-data";
import { useAccountMenu } from "@/components/account/person-data-store";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";

/** What the header hands the phone menu: its links and, when signed in, the account menu's data. */
export type MobileMenuProps = { locale: Locale; links: { href: string; label: string }[]; account: AccountMenuData | null; signedIn: boolean };

export function MobileMenuDialog({ locale, links, account: rendered, signedIn, open, onOpenChange }: MobileMenuProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  // On a signed-in shell the account comes from GET /api/me (and after a change of balance, fresher than the render).
  const live = useAccountMenu(rendered);
  const account = signedIn ? live : null;
  const t = useLayoutLabels().nav;
  const close = () => onOpenChange(false);
  const item =
    "flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-lg font-medium text-gray-900 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800";

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t.menuTitle} fullscreen>
      <nav aria-label={t.mainNavigation} className="flex h-full flex-col gap-6">
        {account ? (
          <div className="flex items-center gap-3 rounded-xl bg-gray-50 p-3 dark:bg-gray-900">
            {account.subscriptionActive ? (
              <Crown aria-label={account.labels.activeSubscriber} className="size-8 text-primary-600 dark:text-primary-400" />
            ) : (
              <Avatar text={account.email} size="md" />
            )}
            <div className="min-w-0">
              <p className="truncate font-medium">{account.email}</p>
              <p className="text-sm text-gray-700 dark:text-gray-300">{account.subscriptionLabel}</p>
            </div>
          </div>
        ) : null}
        {account && account.workspace.accounts.length > 1 ? (
          // Where one works, as in the account menu: what one creates belongs there; the page is read anew in it.
          <fieldset className="space-y-1">
            <legend className="px-3 pb-1 text-sm font-medium text-gray-700 dark:text-gray-300">{account.workspace.label}</legend>
            {account.workspace.accounts.map((option) => (
              <label key={option.teamId || "own"} className={`${item} cursor-pointer has-checked:bg-primary-50 dark:has-checked:bg-primary-950`}>
                <input
                  type="radio"
                  name="workspace"
                  // Checked at once where tapped; the page is then read anew in the chosen account.
                  defaultChecked={option.active}
                  onChange={() => void switchAccountAction({ teamId: option.teamId }).then(() => window.location.reload())}
                  className="size-5 accent-primary-600"
                />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        <ul className="space-y-1">
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={item} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
          {account ? (
            <>
              {[
                { href: account.pricingHref, icon: Coins, label: account.tokensLabel },
                { href: account.workspace.teamHref, icon: Users, label: account.workspace.teamLabel },
                { href: account.profileHref, icon: UserRound, label: account.labels.profile },
                ...(account.moderation ? [{ href: account.moderation.href, icon: ShieldCheck, label: account.moderation.label }] : []),
              ].map(({ href, icon: Icon, label }) => (
                <li key={href}>
                  <Link href={href} className={item} onClick={close}>
                    <Icon aria-hidden="true" className="size-5" />
                    {label}
                  </Link>
                </li>
              ))}
              <li>
                <button type="button" className={item} onClick={() => void signOutAndGo(account.homeHref)}>
                  <LogOut aria-hidden="true" className="size-5" />
                  {account.labels.logout}
                </button>
              </li>
            </>
          ) : null}
        </ul>
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitch locale={locale} />
          <ColorModeSwitch />
        </div>
        <SocialLinksClient />
      </nav>
    </Modal>
  );
}
