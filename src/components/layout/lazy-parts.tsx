"use client";

import { useState } from "react";
import dynamic from "next/dynamic";
import { usePersonData } from "@/components/account/person-data-store";
import type { Welcome } from "@/components/account/welcome-modal";

// Parts only signed-in users see. Imported lazily from a client module, so their code (the dropdown and
// dialog libraries) is fetched only where they render; a server component's import would put it on
// every page of the layout.
export const AccountMenu = dynamic(() => import("./account-menu").then((m) => m.AccountMenu));
export const WelcomeModal = dynamic(() => import("@/components/account/welcome-modal").then((m) => m.WelcomeModal));

/**
 * The welcome dialog: `rendered` by the server on an ordinary page, or on a signed-in shell once GET /api/me
 * has said it is due. One component in both cases, so a dialog that appeared on /confirm stays on screen
 * when the page after it is a shell; kept from its first appearance on.
 */
export function PersonWelcome({ rendered }: { rendered: Welcome | null }) {
  const live = usePersonData()?.welcome ?? null;
  const welcome = rendered ?? live;
  const [shown, setShown] = useState<Welcome | null>(null);
  if (welcome && !shown) setShown(welcome);
  return shown ? <WelcomeModal welcome={shown} /> : null;
}
