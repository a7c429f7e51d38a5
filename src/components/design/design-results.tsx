import { memo } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { Link } from "@/components/link";
import type { BatchDto, ImageDto } from "@/schemas/generation";

// The live results' code is fetched once results arrive (or Generate is near), not before the page's first tick.
export const loadLiveResults = () => import("@/components/generations/live-results").then((m) => m.LiveResults);
const LiveResults = dynamic(loadLiveResults, { ssr: false });

interface Props {
  id: string;
  batches: readonly BatchDto[];
  now: number;
  enginesDocs: string;
  designHref: string;
  /** Recent visualizations: the hour's other batches, which the page does not show again. */
  generationsHref: string;
  onUseAsInput: (image: ImageDto) => void;
  onRefund: () => void;
}

/** The batches started here, each following its results live. Memoised: the choices above changing do not touch it. */
export const DesignResults = memo(function DesignResults({ id, batches, now, enginesDocs, designHref, generationsHref, onUseAsInput, onRefund }: Props) {
  const t = useTranslations("design");
  if (batches.length === 0) return null;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-6 space-y-6">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-gray-950 dark:text-white">
        {t("resultsTitle")}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t.rich("resultsElsewhere", {
          link: (chunks) => (
            <Link href={generationsHref} className="font-medium text-primary-700 underline underline-offset-2 hover:no-underline dark:text-primary-300">
              {chunks}
            </Link>
          ),
        })}
      </p>
      {batches.map((batch) => (
        <LiveResults key={batch.id} batch={batch} now={now} enginesDocs={enginesDocs} designHref={designHref} onUseAsInput={onUseAsInput} onRefund={onRefund} headingLevel={3} eager />
      ))}
    </section>
  );
});
