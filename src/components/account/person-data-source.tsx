"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { personDataUrl, type PersonDataPart } from "@/web/shared/person-data";
import { loadPersonData, usePersonSignedOut } from "./person-data-store";

/**
 * Placed on a signed-in shell: the person's data (and the page's `part`) for the header and the page, from the
 * page's HTML when server.ts put it there (decision record 0014), else fetched.
 * A session that ended since the page was served sends the visitor to sign in, back here after.
 */
export function PersonDataSource({ locale, part, loginHref }: { locale: string; part?: PersonDataPart; loginHref: string }) {
  const signedOut = usePersonSignedOut();
  const router = useRouter();
  const url = personDataUrl(locale, part ?? null);
  useEffect(() => {
    void loadPersonData(url);
  }, [url]);
  useEffect(() => {
    if (signedOut) router.replace(`${loginHref}?return=${encodeURIComponent(window.location.pathname + window.location.search)}`);
  }, [signedOut, loginHref, router]);
  return null;
}
