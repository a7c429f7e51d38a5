import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";
import { publicNav, userNav } from "@/config/navigation";
import { pathFor, type Locale } from "@/config/routes";
import { site } from "@/config/site";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import { subscriptionStatusKey } from "@/web/shared/subscription-status-key";
import { Button } from "@/components/ui/button";
import { ColorModeSwitch } from "@/components/color-mode";
import { LogoMark } from "./logo";
import { LanguageSwitch } from "./language-switch";
import type { AccountMenuData } from "./account-menu";
import { AccountMenu } from "./lazy-parts";
import { isModeratorAccount } from "@/web/server/is-moderator-account";
import { MobileMenu } from "./mobile-menu";

/** What the account menu shows, computed on the server so the client gets ready strings. */
async function accountMenuData(account: AccountSummary, locale: Locale): Promise<AccountMenuData> {
  const t = await getTranslations({ locale, namespace: "account" });
  const sub = account.subscription;
  const date = sub ? formatSubscriptionDate(sub.periodEnd) : "";
  return {
    email: account.email ?? t("unknownUser"),
    // The crown marks a subscriber until the paid period ends, cancelled or not (isSubscriptionActive).
    subscriptionActive: Boolean(sub?.active),
    subscriptionLabel: sub ? t(subscriptionStatusKey(sub), { date }) : t("subscriptionNone"),
    tokensLabel: t("tokens", { count: account.balance }),
    pricingHref: pathFor("/pricing", locale),
    profileHref: pathFor("/settings/profile", locale),
    moderation:
      isModeratorAccount(account)
        ? { label: (await getTranslations({ locale, namespace: "moderation" }))("title"), href: pathFor("/moderation", locale) }
        : null,
    loginHref: pathFor("/login", locale),
    homeHref: pathFor("/", locale),
    labels: { menuLabel: t("menuLabel"), activeSubscriber: t("activeSubscriber"), profile: t("profile"), logout: t("logout") },
  };
}

export async function Header({ locale, account }: { locale: Locale; account: AccountSummary | null }) {
  const t = await getTranslations({ locale, namespace: "nav" });
  const menu = account ? await accountMenuData(account, locale) : null;
  const navLink =
    "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white";

  const publicLinks = publicNav.map((item) => ({ href: pathFor(item.route, locale), label: t(item.label) }));
  const userLinks = account ? userNav.map((item) => ({ href: pathFor(item.route, locale), label: t(item.label) })) : [];
  const createLink = { href: pathFor("/design", locale), label: t("create") };
  const loginLink = { href: pathFor("/login", locale), label: t("login") };

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:border-gray-800 dark:bg-gray-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link href={pathFor("/", locale)} aria-label={t("home")} className="mr-auto flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold text-gray-950 dark:text-white">
          <LogoMark className="size-8" />
          <span aria-hidden="true">{site.name}</span>
        </Link>

        <nav aria-label={t("mainNavigation")} className="hidden items-center gap-1 wide:flex">
          {publicLinks.map((l) => (
            <Link key={l.href} href={l.href} className={navLink}>
              {l.label}
            </Link>
          ))}
          {userLinks.map((l) => (
            <Link key={l.href} href={l.href} className={navLink}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="hidden items-center gap-1 wide:flex">
          <LanguageSwitch locale={locale} />
          <ColorModeSwitch />
          {menu ? (
            <>
              <Button asChild size="sm">
                <Link href={createLink.href}>{createLink.label}</Link>
              </Button>
              <AccountMenu data={menu} />
            </>
          ) : (
            <Button asChild size="sm">
              <Link href={loginLink.href}>{loginLink.label}</Link>
            </Button>
          )}
        </div>

        <MobileMenu
          locale={locale}
          links={[...(menu ? [createLink] : []), ...publicLinks, ...userLinks, ...(menu ? [] : [loginLink])]}
          account={menu}
        />
      </div>
    </header>
  );
}
