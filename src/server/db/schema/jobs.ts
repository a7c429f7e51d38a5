import { primaryKey, text, timestamp, pgTable } from "drizzle-orm/pg-core";

/**
 * When each person's work was last claimed, per queue: the job runner's claim serves the people waiting in
 * the order they were last served (src/server/jobs/claim-fairly.ts), so an account with many jobs queued
 * takes turns with everyone else. The owner is a person's id (a team's, later); one row per person and queue.
 */
export const jobOwnerTurn = pgTable(
  "job_owner_turn",
  {
    queue: text("queue").notNull(),
    ownerId: text("owner_id").notNull(),
    lastClaimedAt: timestamp("last_claimed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.ownerId] })],
);
