"use client";

import dynamic from "next/dynamic";

// Rendered only when a Tag Manager container is configured. Imported lazily from a client module, so
// their code is fetched only where they render; a server component's import would put it in the chunk
// of every page, with or without a container.
export const Consent = dynamic(() => import("./consent").then((m) => m.Consent));
export const CookieSettingsButton = dynamic(() => import("./cookie-settings-button").then((m) => m.CookieSettingsButton));
