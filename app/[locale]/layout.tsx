import { Suspense, type ReactNode } from "react";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { hasLocale } from "next-intl";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { routing } from "@/i18n/routing";
import { catalogs } from "@/i18n/catalogs";
import { theme } from "@/config/theme";
import { resolveTheme, themeCss } from "@/config/palettes";
import { colorModeScript, ColorModeProvider } from "@/components/color-mode";
import { Consent, consentLabels, consentModeScript } from "@/components/consent";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { Header } from "@/components/layout/header";
import { Footer } from "@/components/layout/footer";
import { FocusAfterNavigation } from "@/components/layout/focus-after-navigation";
import { AlternatePathsProvider } from "@/components/layout/alternate-paths";
import { LayoutLabelsProvider } from "@/components/ui/layout-labels-context";
import { PersonWelcome } from "@/components/layout/lazy-parts";
import { matchPath } from "@/config/routes";
import { isSignedInShell } from "@/config/page-cache";
import { getCurrentAccount } from "@/web/server/current-account";
import { layoutLabels, welcomeDialog } from "@/web/server/layout-labels";
import { CONSENT_COOKIE, parseConsent } from "@/config/consent";
import { env } from "@/env";
import { SECRET_ADDRESS_HEADER } from "@/config/security-headers";
import "../globals.css";


const themeStyle = themeCss(resolveTheme(theme));

/** The fallback for pages without their own metadata (the not-found page). */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: "meta" });
  return { title: t("defaultTitle"), description: t("defaultDescription") };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const requestHeaders = await headers();
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  const messages = catalogs[locale];
  // A signed-in shell renders nothing of the person: the browser fills the header from GET /api/me.
  const route = matchPath(requestHeaders.get("x-pathname") ?? "");
  const shell = route !== null && isSignedInShell(route.key);
  const account = shell ? null : await getCurrentAccount();
  // Without a Tag Manager container nothing needs consent: no banner, no tag code. Nor on a page whose address
  // carries a secret (a client link): no third-party script runs there, whatever the consent (proxy.ts).
  const gtmId = requestHeaders.get(SECRET_ADDRESS_HEADER) === "1" ? undefined : env().GTM_ID;
  const consent = gtmId ? parseConsent((await cookies()).get(CONSENT_COOKIE)?.value, new Date()) : null;

  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeStyle }} />
        {gtmId ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: consentModeScript({ analytics: consent?.analytics ?? false }) }} /> : null}
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <LayoutLabelsProvider labels={layoutLabels(locale)}>
          <ColorModeProvider>
            <AlternatePathsProvider>
              <a
                href="#main"
                className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-gray-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
              >
                {messages.nav.skipToContent}
              </a>
              {/* Early in the document, so keyboard and screen-reader users meet the question first; shown at the bottom. */}
              {gtmId ? <Consent gtmId={gtmId} choice={consent} labels={consentLabels(locale, messages)} /> : null}
              <Header locale={locale} account={shell ? "deferred" : account} />
              <main id="main" className="flex flex-1 flex-col">
                {children}
              </main>
              <Footer locale={locale} tagManager={gtmId !== undefined} />
              <LazyToaster />
              {/* Reads the address's query: its own boundary, so no page waits for it. */}
              <Suspense fallback={null}>
                <FocusAfterNavigation />
              </Suspense>
              {shell || account ? <PersonWelcome rendered={account ? welcomeDialog(account, locale) : null} /> : null}
            </AlternatePathsProvider>
          </ColorModeProvider>
        </LayoutLabelsProvider>
      </body>
    </html>
  );
}
