"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { ConsentChoice } from "@/config/consent";
import { ConsentBanner } from "./consent-banner";
import type { ConsentLabels } from "./consent-labels";
import { useConsentSettingsOpen } from "./settings-store";
import { useTagManager } from "./tag-manager";

// The dialog library loads when the settings are first opened, not with every page.
const ConsentSettingsDialog = dynamic(() => import("./consent-settings-dialog").then((m) => m.ConsentSettingsDialog));

/**
 * Everything of cookie consent that runs in the browser, mounted by the layout only when a Tag Manager
 * container is configured. `choice` is what the server read from the consent cookie (null: not asked yet).
 */
export function Consent({ gtmId, choice, labels }: { gtmId: string; choice: ConsentChoice | null; labels: ConsentLabels }) {
  const analytics = choice?.analytics ?? false;
  useTagManager(gtmId, analytics);
  const settingsOpen = useConsentSettingsOpen();
  // Kept mounted after the first opening, so the dialog can close (and hand focus back) like any other.
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  if (settingsOpen && !settingsLoaded) setSettingsLoaded(true);
  return (
    <>
      {choice ? null : <ConsentBanner labels={labels.banner} />}
      {settingsLoaded ? <ConsentSettingsDialog open={settingsOpen} analytics={analytics} labels={labels.settings} /> : null}
    </>
  );
}
