import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { webhookEventTypes } from "@/config/api";
import { user } from "./auth";
import { batch, visualization } from "./generation";
import { listingPhoto } from "./listings";
import { team } from "./teams";

/**
 * A key of the public API. Only the SHA-256 of its secret is kept (decision record 0042); `prefix` is the part
 * shown in the settings (`az_live_AbCd…`). `ownerId` is the person who made it; it pays for what the key does,
 * unless the key is a team's (`teamId`): then the team's pool pays and what the key makes is the team's, while
 * its maker is the team's owner or admin.
 * A test key's work runs on the local engine and spends nothing.
 */
export const apiKey = pgTable(
  "api_key",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    teamId: text("team_id").references(() => team.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    /** Results of this key generated at once (the rest wait in the queue); null: the plan's default. */
    concurrency: integer("concurrency"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedAddress: text("last_used_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_key_owner_idx").on(t.ownerId, t.createdAt), index("api_key_team_idx").on(t.teamId, t.createdAt)],
);

/**
 * The first answer to a write sent with an Idempotency-Key, kept a day: the same key and body get it again,
 * the same key with another body a 422. `status` is null while the first request is still being answered.
 */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    keyId: text("key_id")
      .notNull()
      .references(() => apiKey.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index("api_idempotency_created_idx").on(t.createdAt)],
);

/**
 * A batch the webhooks follow: one ordered through the API (which key ordered it, its concurrency), or one of
 * the website's whose owner has an account-wide endpoint (no key); and how far its webhooks have been told.
 */
export const apiBatch = pgTable(
  "api_batch",
  {
    batchId: text("batch_id")
      .primaryKey()
      .references(() => batch.id, { onDelete: "cascade" }),
    keyId: text("key_id"),
    ownerId: text("owner_id").notNull(),
    /** The key's concurrency when ordered: the job runner runs at most this many of the key's results at once. */
    concurrency: integer("concurrency"),
    /** The batch's events up to this one have become webhook events. */
    seenSeq: integer("seen_seq").notNull().default(0),
    finished: boolean("finished").notNull().default(false),
    listingId: text("listing_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_batch_open_idx").on(t.finished, t.createdAt), index("api_batch_key_idx").on(t.keyId, t.finished)],
);


/** Where an account wants its events. The secret signs them and is shown to its owner (it must be kept to sign). */
export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    /** A test endpoint gets the events of test keys and may be a local address. */
    mode: text("mode", { enum: ["live", "test"] }).notNull(),
    /** Only this key's work; null: all of the account's work, from the API and from the website. */
    keyId: text("key_id").references(() => apiKey.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoint_owner_idx").on(t.ownerId)],
);

/** One event to one endpoint: retried with backoff for a day; the log shows each one's last status. */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    type: text("type", { enum: webhookEventTypes }).notNull(),
    payload: text("payload").notNull(),
    state: text("state", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_delivery_due_idx").on(t.state, t.nextAttemptAt),
    index("webhook_delivery_endpoint_idx").on(t.endpointId, t.createdAt),
    check("webhook_delivery_attempts", sql`${t.attempts} >= 0`),
  ],
);

/**
 * The last HD order of a photo the webhooks have looked at (listing_photo.hd_attempt), once it settled: an order
 * is told (hd.ready) once, whoever placed it.
 */
export const webhookHdSeen = pgTable("webhook_hd_seen", {
  photoId: text("photo_id")
    .primaryKey()
    .references(() => listingPhoto.id, { onDelete: "cascade" }),
  attempt: integer("attempt").notNull(),
});

/**
 * The last 4K order of a single result the webhooks have looked at (visualization.hd_attempt), once made: its
 * hd.ready is told once, whether the API or the website ordered it.
 */
export const webhookResultHdSeen = pgTable("webhook_result_hd_seen", {
  visualizationId: text("visualization_id")
    .primaryKey()
    .references(() => visualization.id, { onDelete: "cascade" }),
  attempt: integer("attempt").notNull(),
});

/** An HD copy ordered through the API (which key ordered it), until its order settled and was told. */
export const apiHdOrder = pgTable("api_hd_order", {
  photoId: text("photo_id").primaryKey(),
  listingId: text("listing_id").notNull(),
  keyId: text("key_id").notNull(),
  ownerId: text("owner_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A single result's 4K copy ordered through the API (which key ordered it, and the order's attempt:
 * visualization.hd_attempt), until the order settled and was told (hd.ready once made).
 */
export const apiResultHdOrder = pgTable("api_result_hd_order", {
  visualizationId: text("visualization_id")
    .primaryKey()
    .references(() => visualization.id, { onDelete: "cascade" }),
  keyId: text("key_id").notNull(),
  ownerId: text("owner_id").notNull(),
  attempt: integer("attempt").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
