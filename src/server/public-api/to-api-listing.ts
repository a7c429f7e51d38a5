import type { ListingDto } from "@/schemas/listings";
import { toApiImage } from "./to-api-visualization";

/** A listing as the API shows it: its photos, each with its results, the chosen one and its HD copy. */
export function toApiListing(listing: ListingDto) {
  return {
    id: listing.id,
    name: listing.name,
    disclosureLabel: listing.disclosureLabel,
    createdAt: listing.createdAt,
    expiresAt: listing.expiresAt,
    expired: listing.expired,
    photos: listing.photos.map((photo) => ({
      id: photo.id,
      position: photo.position,
      roomType: photo.roomType,
      image: photo.image ? toApiImage(photo.image) : null,
      chosenResultId: photo.chosenVisualizationId,
      hd: photo.hd ? toApiImage(photo.hd) : null,
      hdState: photo.hdState,
      results: photo.results.map((r) => ({
        id: r.visualizationId,
        styleId: r.styleId || null,
        variant: r.variant,
        status: r.status,
        progress: r.progress,
        image: r.result ? toApiImage(r.result) : null,
        structureScore: r.structureScore,
        flagged: r.flagged,
        failureReason: r.failureReason,
        refunded: r.refunded,
        mode: r.mode,
        ai: r.ai,
      })),
    })),
  };
}
