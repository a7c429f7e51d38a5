import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const teamRoles = ["owner", "admin", "agent"] as const;
export type TeamRole = (typeof teamRoles)[number];

/**
 * An agency: its members spend from one pool. The pool is a second kind of ledger owner: its balance lives
 * here (the team's row lock serializes every spend, cap check and membership change of the team) and its
 * entries in token_ledger with team_id set. The CHECK keeps the pool from going below zero even for a bug.
 * owner_id mirrors the member with the owner role, for the one question asked most (who pays).
 */
export const team = pgTable(
  "team",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id),
    balance: integer("balance").notNull().default(0),
    /**
     * The team's own customer at the payment provider (Stripe), with the team's invoice details and tax id: its
     * purchases go there whoever of its owners buys, never to a member's personal customer.
     */
    providerCustomerId: text("provider_customer_id"),
    /** Seats bought on top of the plan's (src/config/plans.ts, extraSeat). */
    extraSeats: integer("extra_seats").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("team_balance_non_negative", sql`${t.balance} >= 0`), index("team_owner_idx").on(t.ownerId)],
);

/** Who belongs to a team, with their role and an optional monthly cap on what they may spend from the pool. */
export const teamMember = pgTable(
  "team_member",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => team.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: teamRoles }).notNull(),
    monthlyCap: integer("monthly_cap"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_member_user_idx").on(t.userId)],
);

/**
 * An invitation by e-mail: only the link token's SHA-256 is stored. It works once (accepted_at) and until
 * expires_at; a newer invitation of the same address replaces an open one.
 */
export const teamInvitation = pgTable(
  "team_invitation",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => team.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: teamRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("team_invitation_token_idx").on(t.tokenHash), index("team_invitation_team_idx").on(t.teamId, t.createdAt)],
);

/** Where a person works now: their own account (no row) or a team they belong to, checked on every read. */
export const activeAccount = pgTable("active_account", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  teamId: text("team_id")
    .notNull()
    .references(() => team.id, { onDelete: "cascade" }),
});
