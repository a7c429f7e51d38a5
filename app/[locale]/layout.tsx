import type { ReactNode } from "react";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { hasLocale, NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations, setRequestLocale } from "next-intl/server";
import { routing } from "@/i18n/routing";
import type { Locale } from "@/config/routes";
import { theme } from "@/config/theme";
import { resolveTheme, themeCss } from "@/config/palettes";
import { colorModeScript, ColorModeProvider } from "@/components/color-mode";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { Header } from "@/components/layout/header";
import { Footer } from "@/components/layout/footer";
import { AlternatePathsProvider } from "@/components/layout/alternate-paths";
import { WelcomeModal } from "@/components/layout/lazy-parts";
import { getCurrentAccount } from "@/web/current-account";
import { pick } from "@/web/pick";
import { layoutNamespaces } from "@/web/client-messages";
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
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const messages = await getMessages();
  const account = await getCurrentAccount();

  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeStyle }} />
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <NextIntlClientProvider messages={pick(messages, layoutNamespaces)}>
          <ColorModeProvider>
            <AlternatePathsProvider>
              <a
                href="#main"
                className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-gray-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
              >
                {(messages.nav as Record<string, string>).skipToContent}
              </a>
              <Header locale={locale as Locale} account={account} />
              <main id="main" className="flex flex-1 flex-col">
                {children}
              </main>
              <Footer locale={locale as Locale} />
              <LazyToaster />
              {account ? (
                <WelcomeModal
                welcome={
                  account?.welcome
                    ? {
                        userId: account.userId,
                        method: account.welcome.method,
                        emailSha256: account.welcome.emailSha256,
                        confirmedAt: account.welcome.grantedAt.toISOString(),
                        balance: account.balance,
                      }
                    : null
                }
                />
              ) : null}
            </AlternatePathsProvider>
          </ColorModeProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
