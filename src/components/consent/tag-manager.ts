"use client";

import { useEffect, useRef } from "react";
import { ANALYTICS_COOKIE, DATA_LAYER, consentSignals, tagManagerUrl } from "@/config/consent";

type TagWindow = Window & { gtag: (...args: unknown[]) => void } & { [DATA_LAYER]: unknown[] };

const SCRIPT_ID = "gtm-script";

/**
 * Starts Google Tag Manager once the visitor has consented to analytics, and stops it when they withdraw.
 * The Consent Mode default (and a stored grant) is already in the data layer from the <head> script
 * (consent-mode-script.ts); this runs after hydration, so the container never competes with the first
 * paint. `analytics` is the choice the server read from the cookie: it changes on this page when the
 * visitor answers.
 */
export function useTagManager(gtmId: string, analytics: boolean) {
  const previous = useRef(analytics);
  useEffect(() => {
    const granted = previous.current;
    previous.current = analytics;
    const w = window as unknown as TagWindow;
    if (analytics) {
      if (!granted) w.gtag("consent", "update", consentSignals(true));
      loadTagManager(w, gtmId);
    } else if (granted) {
      w.gtag("consent", "update", consentSignals(false));
      removeAnalyticsCookies();
      // The container cannot be unloaded; a fresh page comes without it.
      window.location.reload();
    }
  }, [gtmId, analytics]);
}

function loadTagManager(w: TagWindow, gtmId: string) {
  if (document.getElementById(SCRIPT_ID)) return;
  w[DATA_LAYER].push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = tagManagerUrl(gtmId);
  // Tag Manager hands this nonce on to the Custom HTML tags it adds. The browser hides the attribute's
  // value from the DOM, but not the property.
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

/**
 * Deletes Google's analytics cookies, on the current host and on each parent domain (Analytics writes
 * them on the widest domain it may, e.g. `.aranzer.pl` for www.aranzer.pl).
 */
export function removeAnalyticsCookies() {
  const labels = window.location.hostname.split(".");
  const domains = [null, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join("."))];
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0]!.trim();
    if (!ANALYTICS_COOKIE.test(name)) continue;
    for (const domain of domains) document.cookie = `${name}=; max-age=0; path=/${domain ? `; domain=${domain}` : ""}`;
  }
}
