import { Eye } from "lucide-react";

/** Tells an editor that the page shows a draft readers cannot see, with the way out of the preview. */
export function DraftBanner({ text, exitLabel, exitHref }: { text: string; exitLabel: string; exitHref: string }) {
  return (
    <div role="status" className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <Eye aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1 font-medium">{text}</p>
      {/* A plain link: /api/preview answers with a redirect, not a page the router could render. */}
      <a href={exitHref} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        {exitLabel}
      </a>
    </div>
  );
}
