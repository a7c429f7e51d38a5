"use client";

import dynamic from "next/dynamic";

// Parts only signed-in users see. Imported lazily from a client module, so their code (the dropdown and
// dialog libraries) is fetched only where they render; a server component's import would put it on
// every page of the layout.
export const AccountMenu = dynamic(() => import("./account-menu").then((m) => m.AccountMenu));
export const WelcomeModal = dynamic(() => import("@/components/account/welcome-modal").then((m) => m.WelcomeModal));
