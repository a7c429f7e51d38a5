"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import type { EditMode } from "@/config/edit-modes";
import { portalIds, portalProfiles, type PortalId } from "@/config/listing-portals";

/**
 * The listing's download, asked where the photos go: a plain ZIP, or one made for a portal's rules
 * (src/config/listing-portals.ts). A portal whose rule forbids a chosen photo's change says so here, with the
 * rule and the photos, and offers no download (the server refuses it too).
 */
export function PortalExport({ base, chosen }: { base: string; chosen: { number: number; mode: EditMode }[] }) {
  const t = useTranslations("listings");
  const id = useId();
  const [portal, setPortal] = useState<PortalId | "">("");
  const profile = portal ? portalProfiles[portal] : null;
  const forbidden = profile ? chosen.filter((c) => profile.forbiddenModes.includes(c.mode)) : [];
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block font-medium">
        {t("export.portal")}
      </label>
      <p id={`${id}-help`} className="text-sm text-gray-700 dark:text-gray-300">
        {t("export.portalHelp")}
      </p>
      <select
        id={id}
        aria-describedby={`${id}-help`}
        value={portal}
        onChange={(event) => setPortal(event.target.value as PortalId | "")}
        // As wide as its longest option, but never wider than the screen: a narrow one shows the chosen option cut short.
        className="block w-full max-w-full truncate rounded-lg border border-gray-300 bg-white px-3 py-2 sm:w-auto dark:border-gray-700 dark:bg-gray-900"
      >
        <option value="">{t("export.plain")}</option>
        {portalIds.map((p) => (
          <option key={p} value={p}>
            {t(`export.portals.${p}`)}
          </option>
        ))}
      </select>
      {forbidden.length > 0 && profile ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("export.forbidden", { photos: forbidden.map((f) => f.number).join(", "), rule: profile.rule ?? profile.name })}
        </p>
      ) : (
        <div>
          <Button asChild size="md">
            <a href={portal ? `${base}/zip?portal=${portal}` : `${base}/zip`} download>
              {t("downloadAll")}
            </a>
          </Button>
        </div>
      )}
    </div>
  );
}
