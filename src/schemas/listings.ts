import { z } from "zod";
import { LISTING_MAX_PHOTOS, LISTING_MAX_STYLES, LISTING_MAX_VARIATIONS, LISTING_NAME_MAX } from "@/config/listings";
import { roomTypes } from "@/config/room-types";
import { imageSourceSchema, type FailureReason, type ImageDto, type VisualizationStatus } from "./generation";

export const listingNameSchema = z.string().trim().min(1).max(LISTING_NAME_MAX);
export const createListingSchema = z.object({ name: listingNameSchema });
export const updateListingSchema = z.object({ name: listingNameSchema.optional(), disclosureLabel: z.boolean().optional() });
export const addListingPhotosSchema = z.object({
  sources: z.array(imageSourceSchema).min(1).max(LISTING_MAX_PHOTOS),
  roomType: z.enum(roomTypes).optional(),
});
export const updateListingPhotoSchema = z.object({ roomType: z.enum(roomTypes) });
export const reorderListingPhotosSchema = z.object({ photoIds: z.array(z.string().min(1).max(100)).max(LISTING_MAX_PHOTOS) });
export const generateListingSchema = z.object({
  mode: z.literal("restyle").default("restyle"),
  styles: z
    .array(z.string().min(1).max(60))
    .min(1, "noStyles")
    .max(LISTING_MAX_STYLES, "tooManyStyles")
    .refine((list) => new Set(list).size === list.length, "duplicateStyles"),
  variations: z.number().int().min(1).max(LISTING_MAX_VARIATIONS),
  requestId: z.uuid(),
});
export const chooseListingResultSchema = z.object({ visualizationId: z.string().min(1).max(100).nullable() });
export const hdRequestSchema = z.object({ requestId: z.uuid() });

export type ListingResultDto = {
  visualizationId: string;
  batchId: string;
  styleId: string;
  status: VisualizationStatus;
  progress: number | null;
  /** Null while it runs, after a failure, and once its hour has passed. */
  result: ImageDto | null;
  failureReason: FailureReason | null;
  refunded: boolean;
};

export type ListingPhotoDto = {
  id: string;
  position: number;
  roomType: string;
  /** Null once the photo's hour has passed. */
  image: ImageDto | null;
  chosenVisualizationId: string | null;
  hd: ImageDto | null;
  results: ListingResultDto[];
};

export type ListingDto = {
  id: string;
  name: string;
  disclosureLabel: boolean;
  lastRoomType: string | null;
  createdAt: string;
  /** When the first of its photos reaches the end of its hour; null without live photos. */
  expiresAt: string | null;
  /** It had photos and every one of them is past its hour. */
  expired: boolean;
  photos: ListingPhotoDto[];
  shares: { id: string; createdAt: string; revoked: boolean }[];
};

/** What the client's link shows: the chosen results with their photos. */
export type SharedListingDto = {
  name: string;
  disclosureLabel: boolean;
  expiresAt: string;
  items: { position: number; roomType: string; styleId: string; beforeUrl: string | null; afterUrl: string; width: number; height: number }[];
};

export type ListingSummary = { id: string; name: string; createdAt: string; photos: number; livePhotos: number };
