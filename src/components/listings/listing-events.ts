import { isFinal } from "@/components/generations/batch-state";
import type { BatchEvent } from "@/schemas/generation";
import type { ListingDto, ListingPhotoDto, ListingResultDto } from "@/schemas/listings";

/** Whether a result still has something to say: not final yet, or its structure check still to come. */
export const resultWaiting = (r: ListingResultDto) => !isFinal(r.status) || r.scoring;

const hdWorking = (photo: ListingPhotoDto) => photo.hdState === "queued" || photo.hdState === "running";

/**
 * The batches whose results are still waiting, then those of chosen results whose HD copy is being made (the
 * batch's stream carries its end), in the listing's order of photos.
 */
export function batchesToFollow(listing: ListingDto): string[] {
  const ids = new Set<string>();
  for (const photo of listing.photos) for (const r of photo.results) if (resultWaiting(r)) ids.add(r.batchId);
  for (const id of hdBatches(listing)) ids.add(id);
  return [...ids];
}

/** The batches of the chosen results whose HD copy is being made. */
export function hdBatches(listing: ListingDto): string[] {
  return listing.photos.flatMap((photo) => {
    const chosen = hdWorking(photo) ? photo.results.find((r) => r.visualizationId === photo.chosenVisualizationId) : undefined;
    return chosen ? [chosen.batchId] : [];
  });
}

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
    case "hd":
      return null;
  }
}

/**
 * The listing after one event of one of its batches: the result it names changes as on the design page.
 * "reload" for a free remake joining the batch (which photo it belongs to, and its place, are the server's to
 * say) and for the end of an HD copy (its file, or the token given back, are the server's to say).
 * The same listing when the event changes nothing (one it already had, or of a result it does not show).
 */
export function applyListingEvent(listing: ListingDto, event: BatchEvent): ListingDto | "reload" {
  if (event.type === "remade" || event.type === "hd") return "reload";
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
