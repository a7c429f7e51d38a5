import { z } from "zod";
import { apiScopes, API_JSON_MAX_BYTES, API_RATE_LIMIT, type ApiScope } from "@/config/api";
import "@/schemas/public-api";

type Operation = {
  method: "get" | "post" | "put" | "delete";
  path: string;
  id: string;
  summary: string;
  scope: ApiScope;
  /** A component schema's name, or "upload" for the photo upload's three forms. */
  body?: string;
  /** The success answer: its status and its component schema's name (or an inline schema); "zip"/"jpeg"/"image" for bytes. */
  answer: { status: number; schema: string | object };
  write?: boolean;
  page?: boolean;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const wrap = (key: string, name: string) => ({ type: "object", properties: { [key]: ref(name) }, required: [key] });
const pageOf = (name: string) => ({ type: "object", properties: { data: { type: "array", items: ref(name) }, nextCursor: { type: ["string", "null"] } }, required: ["data", "nextCursor"] });
const ok = { type: "object", properties: { ok: { type: "boolean", const: true } }, required: ["ok"] };

/** Every operation of /api/v1, as data: the routes under app/api/v1 serve exactly these. */
export const apiOperations: Operation[] = [
  { method: "get", path: "/engine", id: "getEngine", summary: "The engine new visualizations run on and the modes it offers", scope: "read", answer: { status: 200, schema: "Engine" } },
  { method: "post", path: "/images", id: "uploadImage", summary: "Upload a photo (multipart `file`, the raw bytes, or JSON `{url}`)", scope: "generate", body: "upload", answer: { status: 201, schema: wrap("image", "Image") }, write: true },
  { method: "get", path: "/images", id: "listImages", summary: "Photos and results of the last hour, newest first", scope: "read", answer: { status: 200, schema: pageOf("Image") }, page: true },
  { method: "get", path: "/images/{id}/content", id: "getImageContent", summary: "An image's bytes (`?size=display` for a result's smaller JPEG)", scope: "read", answer: { status: 200, schema: "image" } },
  { method: "post", path: "/images/{id}/mask", id: "uploadMask", summary: "A mask over the photo (a PNG of its size, white where to edit) for remove, replace, paint and material", scope: "generate", body: "mask", answer: { status: 201, schema: wrap("mask", "Image") }, write: true },
  { method: "post", path: "/visualizations", id: "createVisualization", summary: "Create a visualization in any mode the engine offers (spends one token per result)", scope: "generate", body: "CreateVisualization", answer: { status: 201, schema: "CreatedVisualization" }, write: true },
  { method: "get", path: "/visualizations/{id}", id: "getVisualization", summary: "A visualization's state, results, structure scores and AI marking", scope: "read", answer: { status: 200, schema: wrap("visualization", "Visualization") } },
  { method: "post", path: "/visualizations/{id}/results/{resultId}/hd", id: "orderResultHd", summary: "Order a result's 4K copy (one token; ordering again costs nothing; free and a plain resampling for a test key's results; hd.ready follows)", scope: "generate", answer: { status: 202, schema: "HdOrder" }, write: true },
  { method: "get", path: "/visualizations/{id}/results/{resultId}/hd", id: "getResultHd", summary: "Where a result's 4K copy stands, and its image once made", scope: "read", answer: { status: 200, schema: "ResultHd" } },
  { method: "get", path: "/listings", id: "listListings", summary: "The account's listings", scope: "listings", answer: { status: 200, schema: pageOf("ListingSummary") }, page: true },
  { method: "post", path: "/listings", id: "createListing", summary: "Create a listing", scope: "listings", body: "CreateListing", answer: { status: 201, schema: { type: "object", properties: { listing: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } }, required: ["id", "name"] } }, required: ["listing"] } }, write: true },
  { method: "get", path: "/listings/{id}", id: "getListing", summary: "A listing with its photos, results, choices and HD copies", scope: "listings", answer: { status: 200, schema: wrap("listing", "Listing") } },
  { method: "post", path: "/listings/{id}/photos", id: "addListingPhotos", summary: "Add uploaded or library photos to a listing", scope: "listings", body: "AddListingPhotos", answer: { status: 200, schema: { type: "object" } }, write: true },
  { method: "post", path: "/listings/{id}/generate", id: "generateListing", summary: "Generate for the listing's photos its mode is for (one spend for all; the others are left as they are, unpaid)", scope: "listings", body: "GenerateListing", answer: { status: 201, schema: "ListingGeneration" }, write: true },
  { method: "put", path: "/listings/{id}/photos/{photoId}/choice", id: "chooseResult", summary: "Choose the result a photo's ZIP entry, HD copy and client link carry", scope: "listings", body: "ChooseResult", answer: { status: 200, schema: ok }, write: true },
  { method: "post", path: "/listings/{id}/photos/{photoId}/hd", id: "orderHd", summary: "Order the HD copy of the chosen result (one token)", scope: "listings", answer: { status: 202, schema: "HdOrder" }, write: true },
  { method: "get", path: "/listings/{id}/photos/{photoId}/hd", id: "getHd", summary: "The HD copy as a JPEG", scope: "listings", answer: { status: 200, schema: "jpeg" } },
  { method: "get", path: "/listings/{id}/zip", id: "getListingZip", summary: "The chosen results as one ZIP", scope: "listings", answer: { status: 200, schema: "zip" } },
  { method: "post", path: "/listings/{id}/shares", id: "createShareLink", summary: "A read-only link for the client", scope: "listings", answer: { status: 201, schema: "ShareLink" }, write: true },
  { method: "get", path: "/balance", id: "getBalance", summary: "The token balance", scope: "billing:read", answer: { status: 200, schema: "Balance" } },
  { method: "get", path: "/ledger", id: "listLedger", summary: "The token ledger, newest first", scope: "billing:read", answer: { status: 200, schema: pageOf("LedgerEntry") }, page: true },
  { method: "get", path: "/webhook-endpoints", id: "listWebhookEndpoints", summary: "The account's webhook endpoints", scope: "read", answer: { status: 200, schema: pageOf("WebhookEndpoint") } },
  { method: "post", path: "/webhook-endpoints", id: "createWebhookEndpoint", summary: "Add a webhook endpoint (its secret is in this answer)", scope: "generate", body: "CreateWebhookEndpoint", answer: { status: 201, schema: wrap("endpoint", "WebhookEndpoint") }, write: true },
  { method: "delete", path: "/webhook-endpoints/{id}", id: "deleteWebhookEndpoint", summary: "Delete a webhook endpoint", scope: "generate", answer: { status: 200, schema: ok }, write: true },
  { method: "post", path: "/webhook-endpoints/{id}/test", id: "sendTestEvent", summary: "Send a signed `test` event to the endpoint", scope: "generate", answer: { status: 202, schema: { type: "object", properties: { eventId: { type: "string" } }, required: ["eventId"] } }, write: true },
];

const errorStatuses: Record<string, string> = {
  "400": "INVALID_INPUT: the field at fault is `param`",
  "401": "UNAUTHORIZED: no key, an unknown, revoked or expired key",
  "403": "FORBIDDEN: the key lacks the scope (reason missingScope)",
  "404": "NOT_FOUND: nothing of this account has this id",
  "429": "RATE_LIMITED: past the key's rate limit or concurrency; see Retry-After",
};

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the routes parse with
 * (src/schemas/public-api.ts, through zod's own JSON Schema output) and the operations above.
 */
export function openApiDocument(serverUrl: string) {
  const generated = z.toJSONSchema(z.globalRegistry, { target: "draft-2020-12", io: "input", uri: (id) => `#/components/schemas/${id}`, unrepresentable: "any" });
  const schemas = Object.fromEntries(
    Object.entries(generated.schemas).map(([name, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
      return [name, rest];
    }),
  );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of apiOperations) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
    if (op.page) params.push({ name: "cursor", in: "query", required: false, schema: { type: "string" } }, { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 100 } } as never);
    if (op.write) params.push({ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 } } as never);
    const content =
      op.answer.schema === "zip"
        ? { "application/zip": { schema: { type: "string", format: "binary" } } }
        : op.answer.schema === "jpeg" || op.answer.schema === "image"
          ? { "image/*": { schema: { type: "string", format: "binary" } } }
          : { "application/json": { schema: typeof op.answer.schema === "string" ? ref(op.answer.schema) : op.answer.schema } };
    const requestBody =
      op.body === "upload"
        ? {
            required: true,
            content: {
              "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", format: "binary" } }, required: ["file"] } },
              "application/json": { schema: ref("UploadFromUrl") },
              "image/*": { schema: { type: "string", format: "binary" } },
            },
          }
        : op.body === "mask"
          ? { required: true, content: { "image/png": { schema: { type: "string", format: "binary" } } } }
          : op.body
          ? { required: true, content: { "application/json": { schema: ref(op.body) } } }
          : undefined;
    paths[op.path] ??= {};
    paths[op.path]![op.method] = {
      operationId: op.id,
      summary: op.summary,
      description: `Scope: \`${op.scope}\`.`,
      security: [{ apiKey: [] }],
      ...(params.length ? { parameters: params } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        [String(op.answer.status)]: { description: "Success", headers: { "Request-Id": { schema: { type: "string" } } }, content },
        ...Object.fromEntries(Object.entries(errorStatuses).map(([status, description]) => [status, { description, content: { "application/json": { schema: ref("Error") } } }])),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Aranżer API",
      version: "1",
      description: `Order room visualizations from your own software. Authenticate with \`Authorization: Bearer az_live_…\` (or az_test_… for free runs on the local engine). Scopes: ${apiScopes.join(", ")}. Every write takes an Idempotency-Key; every answer carries Request-Id; each key may make ${API_RATE_LIMIT.max} requests per ${API_RATE_LIMIT.windowMs / 1000} s (RateLimit and RateLimit-Policy headers); JSON bodies over ${API_JSON_MAX_BYTES} bytes are refused (413).`,
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    components: { schemas, securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key from Settings → API & webhooks" } } },
    paths,
  };
}
