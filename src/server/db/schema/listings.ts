import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { batch, image, visualization } from "./generation";
import { team } from "./teams";

/**
 * A property an agent prepares: its photos are generated together, in one design per style. The listing
 * outlives its photos (they keep their hour); its page says when they are gone.
 */
export const listing = pgTable(
  "listing",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The team the listing belongs to (it stays there when its author leaves); null for the person's own. */
    teamId: text("team_id").references(() => team.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The room type chosen last: the default for the next photo added. */
    lastRoomType: text("last_room_type"),
    /** Burn the "virtually staged" label into downloads and show it on screen. */
    disclosureLabel: boolean("disclosure_label").notNull().default(true),
    /**
     * Until when its chosen results and their photos are kept (and their proof pages show them), as the owner
     * chose for the listing's life (LISTING_KEEP_DAYS at most); null: they keep their hour.
     */
    keepUntil: timestamp("keep_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_user_idx").on(t.userId, t.createdAt), index("listing_team_idx").on(t.teamId, t.createdAt)],
);

/** One photo of a listing, in the agent's order; the image row goes with its hour (set null). */
export const listingPhoto = pgTable(
  "listing_photo",
  {
    id: text("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    imageId: text("image_id").references(() => image.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    roomType: text("room_type").notNull(),
    /** The result the agent picked for this photo: what the ZIP, the HD copy and the client's link carry. */
    chosenVisualizationId: text("chosen_visualization_id").references(() => visualization.id, { onDelete: "set null" }),
    /** The 2× copy of the chosen result, when ordered. */
    hdImageId: text("hd_image_id").references(() => image.id, { onDelete: "set null" }),
    /**
     * An HD order in the queue: "queued", "running" (until hdLeaseUntil; a worker that died leaves it to be
     * claimed again) or "failed" (its token given back); null when there is none or the copy is made.
     */
    hdState: text("hd_state").$type<"queued" | "running" | "failed">(),
    /** Orders so far: the ledger keys of an order's spend and refund carry it, so each is paid at most once. */
    hdAttempt: integer("hd_attempt").notNull().default(0),
    hdLeaseUntil: timestamp("hd_lease_until", { withTimezone: true }),
    /** The result the order upscales: the copy is kept only if it is still the chosen one when done. */
    hdVisualizationId: text("hd_visualization_id"),
    /** When the order was placed: the HD queue takes each person's orders oldest first. */
    hdOrderedAt: timestamp("hd_ordered_at", { withTimezone: true }),
    /** The order was an API test key's: nothing spent, a plain upscale, nothing given back if it fails. */
    hdFree: boolean("hd_free").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_photo_listing_idx").on(t.listingId, t.position),
    // The HD workers' claim looks only at photos with an order.
    index("listing_photo_hd_order_idx").on(t.hdState).where(sql`hd_state is not null`),
  ],
);

/**
 * What keeps one listing in one design per style: a seed and a brief (palette, materials, furniture
 * family), written once when the style is first generated for the listing and given to every job of it.
 */
export const listingStyle = pgTable(
  "listing_style",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    styleId: text("style_id").notNull(),
    seed: integer("seed").notNull(),
    brief: text("brief").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.styleId] })],
);

/** Which listing photo a batch was generated for (one batch per photo per Generate). */
export const listingBatch = pgTable(
  "listing_batch",
  {
    batchId: text("batch_id")
      .primaryKey()
      .references(() => batch.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    photoId: text("photo_id")
      .notNull()
      .references(() => listingPhoto.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_batch_listing_idx").on(t.listingId, t.createdAt), index("listing_batch_photo_idx").on(t.photoId)],
);

/** A link for the agent's client: only the token's SHA-256 is stored, so the table cannot be replayed into links. */
export const listingShare = pgTable(
  "listing_share",
  {
    id: text("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listing.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    revoked: boolean("revoked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The end of the last hour of a result chosen while the link was alive: from then on it answers 410 for good,
     * even after the sweeper has deleted the results and a new one has been chosen. The row is the link's
     * tombstone, kept while its listing is.
     */
    liveUntil: timestamp("live_until", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("listing_share_token_idx").on(t.tokenHash), index("listing_share_listing_idx").on(t.listingId)],
);
