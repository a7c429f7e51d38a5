import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { pick } from "@/web/shared/pick";

/**
 * Gives the client components below it next-intl and the message namespaces they read. Only pages with
 * forms use it, so only they ship next-intl's runtime and their texts to the browser; the layout's client
 * parts get ready strings instead (src/web/layout-labels.ts).
 */
export async function ClientMessages({ namespaces, children }: { namespaces: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return <NextIntlClientProvider messages={pick(messages, namespaces)}>{children}</NextIntlClientProvider>;
}
