import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { publicNav, userNav } from "@/config/navigation";
import { pathFor, type Locale } from "@/config/routes";
import { site } from "@/config/site";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import { Button } from "@/components/ui/button";
import { ColorModeSwitch } from "@/components/color-mode";
import { LogoMark } from "./logo";
import { LanguageSwitch } from "./language-switch";
import { AccountMenu } from "./lazy-parts";
import { accountMenuData } from "@/web/server/account-menu-data";
import { MobileMenu } from "./mobile-menu";

/**
 * `account` is the signed-in person's summary, null for a visitor, or "deferred" on a signed-in shell
 * (config/page-cache.ts): signed in, with the account menu filled in the browser from GET /api/me.
 */
export async function Header({ locale, account }: { locale: Locale; account: AccountSummary | "deferred" | null }) {
  const t = await getTranslations({ locale, namespace: "nav" });
  const signedIn = account !== null;
  const menu = account && account !== "deferred" ? accountMenuData(account, locale) : null;
  const navLink =
    "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white";

  const publicLinks = publicNav.map((item) => ({ href: pathFor(item.route, locale), label: t(item.label) }));
  const userLinks = signedIn ? userNav.map((item) => ({ href: pathFor(item.route, locale), label: t(item.label) })) : [];
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
          {signedIn ? (
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
          links={[...(signedIn ? [createLink] : []), ...publicLinks, ...userLinks, ...(signedIn ? [] : [loginLink])]}
          account={menu}
          signedIn={signedIn}
        />
      </div>
    </header>
  );
}
