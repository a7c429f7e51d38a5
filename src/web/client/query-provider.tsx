"use client";

import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

/**
 * The query cache of a signed-in page's client part (decision record 0050). Placed by the pages that read
 * through it, around their client part, never in the root layout: public pages load none of it.
 * Data is fresh until the page changes it or its events say so; a failed read is tried once more.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: 1, refetchOnWindowFocus: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
