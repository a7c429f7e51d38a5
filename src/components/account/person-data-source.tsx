"use client";

import { useEffect } from "react";
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
  useEffect(() => {
    void loadPersonData(`/api/me?locale=${locale}${part ? `&with=${part}` : ""}`);
  }, [locale, part]);
  useEffect(() => {
    if (signedOut) router.replace(`${loginHref}?return=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [signedOut, loginHref, router]);
  return null;
}
