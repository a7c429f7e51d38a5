import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { EditParams } from "@/schemas/edit-params";
import type { StructureFinding } from "@/schemas/structure";
import { user } from "./auth";

/**
 * An uploaded photo or a generated result. The id is 128 random bits (base64url), so its URL cannot be
 * guessed; the route still checks the owner. Everything here lives one hour (expires_at), then the
 * sweeper deletes the object and the row.
 */
export const image = pgTable(
  "image",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The team it was made in (the person worked in the team): only the team's members at the moment of a request
     * reach it, its author too only while a member; null for the person's own. No foreign key, as batch.team_id:
     * a closed team's images keep their hour and are swept with their objects.
     */
    teamId: text("team_id"),
    /** A mask is a one-channel PNG of its photo's size, white meaning "edit here". */
    kind: text("kind", { enum: ["upload", "result", "mask"] }).notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    /** A result's display-size copy (RESULT_DISPLAY, JPEG), served by the same route and deleted with the image. */
    displayKey: text("display_key"),
    displayWidth: integer("display_width"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("image_user_idx").on(t.userId, t.createdAt), index("image_team_idx").on(t.teamId, t.createdAt), index("image_expires_idx").on(t.expiresAt)],
);

/**
 * One Generate click. request_id (chosen by the browser per click) makes a retried request return the
 * same batch instead of spending twice. last_seq numbers the batch's events: it is incremented under
 * the batch's row lock, so events of one batch commit in the order of their numbers and a reader that
 * asks for "after N" never skips one.
 */
export const batch = pgTable(
  "batch",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * The team whose pool paid for the batch (its refunds go back there) and which owns it and its results; null
     * when the person paid.
     */
    teamId: text("team_id"),
    sourceImageId: text("source_image_id").references(() => image.id, { onDelete: "set null" }),
    roomType: text("room_type").notNull(),
    /** What was asked of the photo (src/config/edit-modes.ts) and its parameters (EditParams). */
    mode: text("mode").notNull().default("restyle"),
    params: jsonb("params").$type<EditParams>().notNull().default(sql`'{"creativity":"balanced"}'::jsonb`),
    maskImageId: text("mask_image_id").references(() => image.id, { onDelete: "set null" }),
    engine: text("engine").notNull(),
    requestId: text("request_id").notNull(),
    /**
     * What the request under request_id asked for (requestFingerprint): the same id with another request is
     * refused, not answered with this batch. Null on batches made before it was kept.
     */
    requestHash: text("request_hash"),
    /** Made with an API test key: nothing was spent for it and a failure refunds nothing. */
    free: boolean("free").notNull().default(false),
    lastSeq: integer("last_seq").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("batch_user_request_idx").on(t.userId, t.requestId),
    index("batch_user_idx").on(t.userId, t.createdAt),
    index("batch_team_idx").on(t.teamId, t.createdAt),
    index("batch_expires_idx").on(t.expiresAt),
  ],
);

export const visualizationStatusValues = ["queued", "running", "succeeded", "failed"] as const;

/** One style of a batch: one token spent, one job, one result or one refund. */
export const visualization = pgTable(
  "visualization",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id")
      .notNull()
      .references(() => batch.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    position: integer("position").notNull(),
    /** The style of a restyle or staging; null for the other modes. */
    styleId: text("style_id"),
    /** Which of the style's (or the edit's) variations this is, from 0; each has its own seed. */
    variant: integer("variant").notNull().default(0),
    seed: integer("seed").notNull().default(0),
    /**
     * What the job needs beyond its batch, written with it: a style brief added to the prompt, and the group
     * whose first result the others follow as their reference (a listing's photos in one mode and style), with
     * this one's place in it (its photo's position). Null for a batch of its own.
     */
    brief: text("brief"),
    referenceGroup: text("reference_group"),
    referenceRank: integer("reference_rank"),
    /** How much of the photo's structure the result kept, 0..1 (src/server/edits/check-structure.ts). */
    structureScore: real("structure_score"),
    /** What the structure check found moved, lost or added, with where (set with the score). */
    structureFindings: jsonb("structure_findings").$type<StructureFinding[]>(),
    /** A free remake of a flagged visualization points at it; unique, so a visualization is made again at most once. */
    remakeOf: text("remake_of"),
    status: text("status", { enum: visualizationStatusValues }).notNull().default("queued"),
    progress: real("progress"),
    resultImageId: text("result_image_id").references(() => image.id, { onDelete: "set null" }),
    failureReason: text("failure_reason"),
    refunded: boolean("refunded").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * Its 4K copy (the same order as a listing photo's HD copy): the image once made; the order while it waits
     * ("queued") or is made ("running", until hdLeaseUntil), or "failed" with its token given back; hdAttempt
     * counts the orders, keying each one's spend and refund.
     */
    hdImageId: text("hd_image_id").references(() => image.id, { onDelete: "set null" }),
    hdState: text("hd_state").$type<"queued" | "running" | "failed">(),
    hdAttempt: integer("hd_attempt").notNull().default(0),
    hdLeaseUntil: timestamp("hd_lease_until", { withTimezone: true }),
    hdOrderedAt: timestamp("hd_ordered_at", { withTimezone: true }),
  },
  (t) => [
    index("visualization_batch_idx").on(t.batchId, t.position),
    index("visualization_hd_order_idx").on(t.hdState).where(sql`hd_state is not null`),
    uniqueIndex("visualization_remake_of_idx").on(t.remakeOf),
    index("visualization_reference_group_idx").on(t.referenceGroup).where(sql`reference_group is not null`),
  ],
);

/**
 * The queue: one row per visualization. Workers claim rows with FOR UPDATE SKIP LOCKED and hold a lease
 * (lease_until) that they renew while the engine works; a row whose lease ran out is claimed again.
 * claim_token fences a worker that lost its lease: its late writes match no row. Decision record 0005.
 */
export const generationJob = pgTable(
  "generation_job",
  {
    visualizationId: text("visualization_id")
      .primaryKey()
      .references(() => visualization.id, { onDelete: "cascade" }),
    state: text("state", { enum: ["queued", "running", "done"] }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    claimToken: text("claim_token"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("generation_job_ready_idx").on(t.state, t.runAfter), check("generation_job_attempts", sql`${t.attempts} >= 0`)],
);

/** What a batch's event stream replays: (batch, seq) in commit order; deleted with the batch. */
export const batchEvent = pgTable(
  "batch_event",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => batch.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.seq] })],
);
