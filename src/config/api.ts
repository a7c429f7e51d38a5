import type { PlanId } from "./plans";

/**
 * The public API's rules as data: what a key may be allowed, how its secret looks, how much it may ask, and the
 * cost threshold above which the assistant tools ask before spending. Read by the settings page, the API
 * routes, the MCP server and the reference page.
 */
export const apiScopes = ["read", "generate", "listings", "billing:read"] as const;
export type ApiScope = (typeof apiScopes)[number];
export const apiKeyModes = ["live", "test"] as const;
export type ApiKeyMode = (typeof apiKeyModes)[number];

/** `az_live_` / `az_test_` then 32 random bytes in base64url: a fixed shape secret scanners can match. */
export const API_KEY_PATTERN = /^az_(live|test)_[A-Za-z0-9_-]{43}$/;
export const API_KEY_NAME_MAX = 60;
/** Keys an account may hold at once (revoked ones do not count). */
export const API_KEYS_PER_ACCOUNT = 20;

/** Requests per key in a fixed window, all routes together: Collov's 10 requests a second, over a minute. */
export const API_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;

/**
 * Results of one key generated at once, by the owner's plan (`none`: no plan), as Collov's "2 tasks at once":
 * the rest of the key's work waits in the queue, and the workers' other slots stay free for everyone else. A
 * key's own setting goes up to API_CONCURRENCY_MAX.
 */
export const apiConcurrencyByPlan: Record<PlanId | "none", number> = { none: 2, mini: 4, pro: 20, enterprise: 50 };
export const API_CONCURRENCY_MAX = 500;
/** Visualizations (requests) one key may have waiting or running; past it, 429 keyQueueFull. */
export const API_QUEUE_MAX = 1000;

/** The largest JSON body a route reads; more is refused before it is parsed. */
export const API_JSON_MAX_BYTES = 256 * 1024;
/** Cursor pages: the default and the most a `limit` may ask. */
export const API_PAGE_DEFAULT = 20;
export const API_PAGE_MAX = 100;
/** How long an Idempotency-Key's first answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** An assistant's tool call that would spend more tokens than this asks for `confirm: true` first. */
export const MCP_CONFIRM_ABOVE_TOKENS = 3;

/** Webhooks: the signature's replay window, the timeout of one attempt, and the backoff over a day. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Seconds before each retry: 8 attempts over about 25 hours, as Stripe retries for up to three days. */
export const WEBHOOK_RETRY_SECONDS = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600, 14 * 3600] as const;
export const WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10;
/** The longest endpoint address taken (browsers and proxies handle URLs of about this length everywhere). */
export const WEBHOOK_URL_MAX = 2048;

/** What a webhook endpoint is told: a result ready or failed (and refunded), a visualization or a listing's generation finished, an HD copy ready. */
export const webhookEventTypes = ["result.ready", "result.failed", "visualization.finished", "listing.finished", "hd.ready", "test"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
