import { z } from "zod";
import { apiScopes, API_PAGE_MAX, webhookEventTypes, WEBHOOK_URL_MAX } from "@/config/api";
import { editModes } from "@/config/edit-modes";
import { listingModes } from "@/config/listings";
import { createBatchSchema, failureReasons, recordIdSchema, visualizationStatuses } from "./generation";
import { modeIssues } from "./edit-params";
import { addListingPhotosSchema, chooseListingResultSchema, createListingSchema, generateListingSchema } from "./listings";

/**
 * The public API's requests and answers (`/api/v1`), as zod schemas: the routes parse with the request schemas,
 * and the OpenAPI document (src/server/public-api/openapi-document.ts) is generated from all of them. The
 * rules behind a request (which modes the engine has, what it costs) stay with the domain functions the website
 * calls too; these only say the shape.
 */

const { requestId: _batchRequestId, ...batchFields } = createBatchSchema.shape;
/**
 * A visualization of one photo: the website's Generate (its fields and each mode's rules), with the
 * Idempotency-Key header in place of its request id.
 */
export const createVisualizationSchema = z
  .object(batchFields)
  .superRefine((request, context) => {
    for (const { path, message } of modeIssues(request)) context.addIssue({ code: "custom", path: [path], message });
  })
  .meta({ id: "CreateVisualization" });
export type CreateVisualizationRequest = z.output<typeof createVisualizationSchema>;

const { requestId: _listingRequestId, ...listingGenerateFields } = generateListingSchema.shape;
export const generateListingApiSchema = z
  .object(listingGenerateFields)
  .superRefine((request, context) => {
    for (const { path, message } of modeIssues(request)) context.addIssue({ code: "custom", path: [path], message });
  })
  .meta({ id: "GenerateListing" });
export type GenerateListingApiRequest = z.output<typeof generateListingApiSchema>;
export const createListingApiSchema = createListingSchema.meta({ id: "CreateListing" });
export const addListingPhotosApiSchema = addListingPhotosSchema.meta({ id: "AddListingPhotos" });
export const chooseResultApiSchema = chooseListingResultSchema.meta({ id: "ChooseResult" });

/** An upload by address: fetched by the server with the same limits as an uploaded file, never from a private address. */
export const uploadFromUrlSchema = z.object({ url: z.url({ protocol: /^https?$/ }).max(2048) }).meta({ id: "UploadFromUrl" });

export const createWebhookEndpointSchema = z
  .object({
    url: z.url({ protocol: /^https?$/, error: "badUrl" }).max(WEBHOOK_URL_MAX, "urlTooLong"),
    mode: z.enum(["live", "test"]).default("live"),
    keyOnly: z.boolean().default(false).meta({ description: "true: only the work of the key that registers it; false: all of the account's work, from the API and from the website." }),
  })
  .meta({ id: "CreateWebhookEndpoint" });

/** `?cursor=&limit=` of every list. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(API_PAGE_MAX).optional(),
});

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: "Stable, machine-readable: UNAUTHORIZED, FORBIDDEN, INVALID_INPUT, INSUFFICIENT_TOKENS, RATE_LIMITED, …" }),
      reason: z.string().nullable().meta({ description: "A finer reason where there is one (apiKeyRevoked, missingScope, privateAddress, …)." }),
      message: z.string().meta({ description: "A sentence for people, in the language of Accept-Language (Polish or English)." }),
      param: z.string().nullable().meta({ description: "The request field at fault, when one is." }),
      doc_url: z.url(),
      request_id: z.string(),
    }),
  })
  .meta({ id: "Error" });

export const imageSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: "GET it with the same key (scope read)." }),
    kind: z.enum(["upload", "result", "mask"]),
    width: z.number().int(),
    height: z.number().int(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().meta({ description: "Photos and results are deleted an hour after upload." }),
  })
  .meta({ id: "Image" });

export const resultSchema = z
  .object({
    id: z.string(),
    styleId: z.string().nullable(),
    variant: z.number().int(),
    status: z.enum(visualizationStatuses),
    progress: z.number().nullable(),
    image: imageSchema.nullable(),
    structureScore: z.number().nullable().meta({ description: "How much of the photo's structure the result kept, 0..1." }),
    flagged: z.boolean().meta({ description: "Below the structure threshold: walls or windows may have moved." }),
    failureReason: z.enum(failureReasons).nullable(),
    refunded: z.boolean(),
  })
  .meta({ id: "Result" });

export const visualizationSchema = z
  .object({
    id: z.string(),
    status: z.enum(["queued", "running", "succeeded", "failed", "partial"]).meta({ description: "Succeeded or failed once every result has; partial when some failed." }),
    mode: z.enum(editModes),
    roomType: z.string(),
    engine: z.string(),
    ai: z.boolean().meta({ description: "AI marking: true when the results are AI edits (and carry the IPTC digital source type and the visible label); false for previews made without AI." }),
    test: z.boolean().meta({ description: "Made with a test key: local engine, nothing spent." }),
    source: imageSchema,
    results: z.array(resultSchema),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "Visualization" });

export const createdVisualizationSchema = z.object({ visualization: visualizationSchema, balance: z.number().int(), cost: z.number().int() }).meta({ id: "CreatedVisualization" });

export const listingSummarySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime(), photos: z.number().int(), livePhotos: z.number().int() }).meta({ id: "ListingSummary" });
export const listingSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    disclosureLabel: z.boolean(),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    expired: z.boolean(),
    photos: z.array(
      z.object({
        id: z.string(),
        position: z.number().int(),
        roomType: z.string(),
        image: imageSchema.nullable(),
        chosenResultId: z.string().nullable(),
        hd: imageSchema.nullable(),
        hdState: z.enum(["queued", "running", "failed"]).nullable(),
        results: z.array(resultSchema.extend({ mode: z.enum(editModes), ai: z.boolean() })),
      }),
    ),
  })
  .meta({ id: "Listing" });

export const listingGenerationSchema = z.object({ visualizationIds: z.array(z.string()), cost: z.number().int(), balance: z.number().int() }).meta({ id: "ListingGeneration" });
export const hdOrderSchema = z.object({ state: z.enum(["ready", "queued", "running"]), balance: z.number().int().nullable() }).meta({ id: "HdOrder" });
export const resultHdSchema = z
  .object({
    state: z.enum(["ready", "queued", "running", "failed"]).nullable().meta({ description: "ready once made; queued or running while ordered; failed with its token given back; null when never ordered." }),
    image: imageSchema.nullable().meta({ description: "The 4K copy (at least 3840 px on the long side), while it is kept: the result's hour." }),
  })
  .meta({ id: "ResultHd" });
export const shareLinkSchema = z.object({ id: z.string(), url: z.string().meta({ description: "The client's read-only page; shown once." }) }).meta({ id: "ShareLink" });
export const balanceSchema = z.object({ balance: z.number().int(), test: z.boolean() }).meta({ id: "Balance" });
export const ledgerEntrySchema = z
  .object({ id: z.string(), kind: z.string(), amount: z.number().int(), balanceAfter: z.number().int(), reference: z.string().nullable(), createdAt: z.iso.datetime() })
  .meta({ id: "LedgerEntry" });
export const webhookEndpointSchema = z
  .object({ id: z.string(), url: z.string(), mode: z.enum(["live", "test"]), keyId: z.string().nullable().meta({ description: "The key whose work alone it gets; null: all of the account's work." }), createdAt: z.iso.datetime(), secret: z.string().optional().meta({ description: "whsec_…: only in the answer that created it." }) })
  .meta({ id: "WebhookEndpoint" });
export const webhookEventSchema = z
  .object({ id: z.string(), type: z.enum(webhookEventTypes), created: z.number().int(), test: z.boolean(), data: z.record(z.string(), z.unknown()) })
  .meta({ id: "WebhookEvent" });
export const engineSchema = z.object({ engine: z.string(), ai: z.boolean(), modes: z.array(z.enum(editModes)), listingModes: z.array(z.enum(listingModes)) }).meta({ id: "Engine" });
export const scopesSchema = z.enum(apiScopes);

/** A page of a list: `nextCursor` is null on the last page. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() }).meta({ id });
}
export const recordId = recordIdSchema;
