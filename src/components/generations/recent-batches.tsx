"use client";

import type { BatchDto } from "@/schemas/generation";
import { LiveResults } from "./live-results";

/** The /generations list: every batch of the last hour, newest first, each following its own progress. */
export function RecentBatches({ batches, now, providersDocs, designHref }: { batches: BatchDto[]; now: number; providersDocs: string; designHref: string }) {
  return (
    <div className="space-y-8">
      {batches.map((batch) => (
        <LiveResults key={batch.id} batch={batch} now={now} providersDocs={providersDocs} designHref={designHref} headingLevel={2} />
      ))}
    </div>
  );
}
