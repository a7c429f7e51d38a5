"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Menu, Coins, Crown, LogOut, UserRound } from "lucide-react";
import { Modal } from "@/components/ui/modal";
import { Avatar } from "@/components/ui/avatar";
import { ColorModeSwitch } from "@/components/color-mode";
import type { Locale } from "@/config/routes";
import { LanguageSwitch } from "./language-switch";
import { SocialLinksClient } from "./social-links-client";
import type { AccountMenuData } from "./account-menu";
import { signOutAndGo } from "./sign-out";

type Props = { locale: Locale; links: { href: string; label: string }[]; account: AccountMenuData | null };

/** At 640 px and below: a hamburger opening a full-screen menu with the header's entries plus social links. */
export function MobileMenu({ locale, links, account }: Props) {
  const t = useTranslations("nav");
  const tAccount = useTranslations("account");
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const item =
    "flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-lg font-medium text-gray-900 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800";

  return (
    <div className="wide:hidden">
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t("openMenu")}
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-lg text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t("menuTitle")} fullscreen>
        <nav aria-label={t("mainNavigation")} className="flex h-full flex-col gap-6">
          {account ? (
            <div className="flex items-center gap-3 rounded-xl bg-gray-50 p-3 dark:bg-gray-900">
              {account.subscriptionActive ? (
                <Crown aria-label={tAccount("activeSubscriber")} className="size-8 text-primary-600 dark:text-primary-400" />
              ) : (
                <Avatar text={account.email} size="md" />
              )}
              <div className="min-w-0">
                <p className="truncate font-medium">{account.email}</p>
                <p className="text-sm text-gray-700 dark:text-gray-300">{account.subscriptionLabel}</p>
              </div>
            </div>
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
                <li>
                  <Link href={account.pricingHref} className={item} onClick={close}>
                    <Coins aria-hidden="true" className="size-5" />
                    {account.tokensLabel}
                  </Link>
                </li>
                <li>
                  <Link href={account.profileHref} className={item} onClick={close}>
                    <UserRound aria-hidden="true" className="size-5" />
                    {tAccount("profile")}
                  </Link>
                </li>
                <li>
                  <button type="button" className={item} onClick={() => void signOutAndGo(account.homeHref)}>
                    <LogOut aria-hidden="true" className="size-5" />
                    {tAccount("logout")}
                  </button>
                </li>
              </>
            ) : null}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch locale={locale} />
            <ColorModeSwitch />
          </div>
          <SocialLinksClient label={t("social")} />
        </nav>
      </Modal>
    </div>
  );
}
