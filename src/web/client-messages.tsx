import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { pick } from "./pick";

/** Namespaces every page's client components read (header, menus, toasts, error boundary). */
export const layoutNamespaces = ["ui", "nav", "account", "footer", "welcome", "errors"] as const;

/**
 * Gives the client components below it the messages they need on top of the layout's, so that only
 * pages with forms ship the form texts to the browser.
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pick(messages, [...layoutNamespaces, ...namespaces])}>{children}</NextIntlClientProvider>;
}
