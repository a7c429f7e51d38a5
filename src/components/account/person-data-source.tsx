"use client";

import { useEffect } from "react";
import { preload } from "react-dom";
import { useRouter } from "next/navigation";
import type { PersonDataPart } from "@/web/shared/person-data";
import { loadPersonData, usePersonSignedOut } from "./person-data-store";

/**
 * Placed on a signed-in shell: fetches the person's data (and the page's `part`) for the header and the page.
 * A session that ended since the page was served sends the visitor to sign in, back here after.
 */
export function PersonDataSource({ locale, part, loginHref }: { locale: string; part?: PersonDataPart; loginHref: string }) {
  const signedOut = usePersonSignedOut();
  const router = useRouter();
  const url = `/api/me?locale=${locale}${part ? `&with=${part}` : ""}`;
  // In the HTML's head: the browser asks for the data while it loads the scripts, not after them.
  preload(url, { as: "fetch", crossOrigin: "anonymous" });
  useEffect(() => {
    void loadPersonData(url);
  }, [url]);
  useEffect(() => {
    if (signedOut) router.replace(`${loginHref}?return=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [signedOut, loginHref, router]);
  return null;
}
