import { isFinal } from "@/components/generations/batch-state";
import type { BatchEvent } from "@/schemas/generation";
import type { ListingDto, ListingResultDto } from "@/schemas/listings";

/** Whether a result still has something to say: not final yet, or its structure check still to come. */
export const resultWaiting = (r: ListingResultDto) => !isFinal(r.status) || r.scoring;

/** The batches whose results are still waiting, in the listing's order of photos (one batch per photo and Generate). */
export function batchesToFollow(listing: ListingDto): string[] {
  const ids = new Set<string>();
  for (const photo of listing.photos) for (const r of photo.results) if (resultWaiting(r)) ids.add(r.batchId);
  return [...ids];
}

/** An HD copy is being made: no batch carries it, so the listing is read again until it is done. */
export const hdWorking = (listing: ListingDto) => listing.photos.some((p) => p.hdState === "queued" || p.hdState === "running");

function change(r: ListingResultDto, event: BatchEvent): Partial<ListingResultDto> | null {
  switch (event.type) {
    case "queued":
      return isFinal(r.status) ? null : { status: "queued" };
    case "running":
      return isFinal(r.status) ? null : { status: "running", progress: event.progress };
    case "succeeded":
      return { status: "succeeded", progress: null, result: event.result, structureScore: event.structureScore, flagged: event.flagged, scoring: event.structureScore === null };
    case "scored":
      return { structureScore: event.structureScore, flagged: event.flagged, structureFindings: event.structureFindings, scoring: false };
    case "replaced":
      return { result: event.result };
    case "failed":
      return { status: "failed", progress: null, failureReason: event.reason, refunded: event.refunded, scoring: false };
    case "remade":
      return null;
  }
}

/**
 * The listing after one event of one of its batches: the result it names changes as on the design page.
 * "reload" for a free remake joining the batch: which photo it belongs to, and its place, are the server's to say.
 * The same listing when the event changes nothing (one it already had, or of a result it does not show).
 */
export function applyListingEvent(listing: ListingDto, event: BatchEvent): ListingDto | "reload" {
  if (event.type === "remade") return "reload";
  let changed = false;
  const photos = listing.photos.map((photo) => {
    const at = photo.results.findIndex((r) => r.visualizationId === event.visualizationId);
    const patch = at < 0 ? null : change(photo.results[at]!, event);
    if (!patch) return photo;
    changed = true;
    return { ...photo, results: photo.results.map((r, i) => (i === at ? { ...r, ...patch } : r)) };
  });
  return changed ? { ...listing, photos } : listing;
}
