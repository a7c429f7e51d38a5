import { z } from "zod";
import type { EditMode } from "@/config/edit-modes";
import { LISTING_MAX_PHOTOS, LISTING_MAX_STYLES, LISTING_MAX_VARIATIONS, LISTING_NAME_MAX, listingModes } from "@/config/listings";
import { roomTypes } from "@/config/room-types";
import { editParamsSchema, modeIssues } from "./edit-params";
import { imageSourceSchema, recordIdSchema, type FailureReason, type ImageDto, type VisualizationStatus } from "./generation";
import type { StructureFinding } from "./structure";

/** What a name must not carry: control characters (NUL, line breaks, escapes), and direction overrides that would reorder it on screen. */
const unprintable = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]+/gu;

/**
 * A listing's name (an address or the agent's reference): unprintable characters become spaces, runs of spaces
 * one; it must show something (a letter, digit, symbol or punctuation), not only invisible or combining marks.
 */
export const listingNameSchema = z
  .string("noListingName")
  .transform((value) => value.replace(unprintable, " ").replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, "noListingName").max(LISTING_NAME_MAX, "listingNameTooLong").regex(/[\p{L}\p{N}\p{S}\p{P}]/u, "noListingName"));
export const createListingSchema = z.object({ name: listingNameSchema });
export const updateListingSchema = z.object({ name: listingNameSchema.optional(), disclosureLabel: z.boolean().optional() });
export const addListingPhotosSchema = z.object({
  sources: z.array(imageSourceSchema).min(1).max(LISTING_MAX_PHOTOS, "tooManyPhotos"),
  roomType: z.enum(roomTypes).optional(),
});
export const updateListingPhotoSchema = z.object({ roomType: z.enum(roomTypes) });
export const reorderListingPhotosSchema = z.object({ photoIds: z.array(recordIdSchema).max(LISTING_MAX_PHOTOS) });
/** A listing's Generate: one of the whole-photo modes (src/config/modes/, `listing`), checked as a single photo's request is. */
export const generateListingSchema = z
  .object({
    mode: z.enum(listingModes).default("restyle"),
    styles: z
      .array(z.string().min(1).max(60))
      .max(LISTING_MAX_STYLES, "tooManyStyles")
      .refine((list) => new Set(list).size === list.length, "duplicateStyles")
      .default([]),
    variations: z.number("badVariations").int("badVariations").min(1, "badVariations").max(LISTING_MAX_VARIATIONS, "badVariations"),
    params: editParamsSchema.prefault({}),
    requestId: z.uuid(),
  })
  .superRefine((request, context) => {
    for (const { path, message } of modeIssues(request)) context.addIssue({ code: "custom", path: [path], message });
  });
export type GenerateListingRequest = z.output<typeof generateListingSchema>;
export type GenerateListingInput = z.input<typeof generateListingSchema>;
export const chooseListingResultSchema = z.object({ visualizationId: recordIdSchema.nullable() });

export type ListingResultDto = {
  visualizationId: string;
  batchId: string;
  mode: EditMode;
  /** Empty for a mode without a style (declutter). */
  styleId: string;
  /** Made by an AI engine (isAiResult); else a preview made without AI, and described so. */
  ai: boolean;
  /** Which of its style's variations it is, from 0: the page names the second "…, variation 2". */
  variant: number;
  status: VisualizationStatus;
  progress: number | null;
  /** Null while it runs, after a failure, and once its hour has passed. */
  result: ImageDto | null;
  failureReason: FailureReason | null;
  refunded: boolean;
  /** The structure check: 0..1 once it has a result; flagged below the threshold (the room's lines differ from the photo's). */
  structureScore: number | null;
  flagged: boolean;
  /** What the check found on a flagged result (none otherwise). */
  structureFindings?: StructureFinding[];
  /** Succeeded and its structure check still to come (it follows the result, for a bounded time). */
  scoring: boolean;
  /** Its free remake, once asked for (the remake is among the photo's results), and the one a remake remade. */
  remadeAs: string | null;
  remakeOf: string | null;
};

export type ListingPhotoDto = {
  id: string;
  position: number;
  roomType: string;
  /** Null once the photo's hour has passed. */
  image: ImageDto | null;
  /** Whether Generate makes results of it: false once too little of its hour is left for them to be seen. */
  generatable: boolean;
  chosenVisualizationId: string | null;
  hd: ImageDto | null;
  /** An HD order of the chosen result in progress or failed (its token given back); null otherwise. */
  hdState: "queued" | "running" | "failed" | null;
  results: ListingResultDto[];
};

export type ListingDto = {
  id: string;
  name: string;
  disclosureLabel: boolean;
  /** Until when its chosen results and their photos are kept, as its owner chose; null: they keep their hour. */
  keptUntil: string | null;
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
  /** Null while nothing is chosen. */
  expiresAt: string | null;
  /** styleId is empty for a mode without a style: the page names the mode instead. */
  items: { position: number; roomType: string; styleId: string; mode: EditMode; ai: boolean; beforeUrl: string | null; afterUrl: string; width: number; height: number }[];
};

export type ListingSummary = { id: string; name: string; createdAt: string; photos: number; livePhotos: number };
