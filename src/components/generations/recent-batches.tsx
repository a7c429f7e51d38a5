"use client";

import { useTranslations } from "next-intl";
import { ImageOff } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { reloadPersonData, usePersonData } from "@/components/account/person-data-store";
import { LiveResults } from "./live-results";

/**
 * The /generations list: every batch of the last hour, newest first, each following its own progress. The
 * page is a signed-in shell: the batches come from GET /api/me?with=batches.
 */
const refunded = () => void reloadPersonData();

export function RecentBatches({ enginesDocs, designHref }: { enginesDocs: string; designHref: string }) {
  const t = useTranslations("generations");
  const person = usePersonData();
  const batches = person?.batches ?? null;
  if (!person || batches === null) {
    return (
      <p role="status" className="py-14 text-center text-gray-700 dark:text-gray-300">
        {t("loading")}
      </p>
    );
  }
  if (batches.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 px-6 py-14 text-center dark:border-gray-700">
        <ImageOff aria-hidden="true" className="size-10 text-gray-500" />
        <p className="mt-3 text-gray-800 dark:text-gray-200">{t("empty")}</p>
        <Button asChild className="mt-5">
          <Link href={designHref}>{t("create")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-8">
      {/* A failed style's token comes back: the header's count follows. */}
      {batches.map((batch) => (
        <LiveResults key={batch.id} batch={batch} now={person.now} enginesDocs={enginesDocs} designHref={designHref} headingLevel={2} onRefund={refunded} />
      ))}
    </div>
  );
}
