import { index, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const commentStatuses = ["published", "deleted", "hidden", "removed"] as const;

export const reportReasons = ["illegal", "harassment", "spam", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const moderationGrounds = ["illegal", "terms"] as const;
export type ModerationGround = (typeof moderationGrounds)[number];

/**
 * A comment under a blog post. `thread` is `<locale>:<translationKey>`: one thread per post and language,
 * kept when a post's slug changes. `parent_id` is the comment replied to; a parent is never deleted while
 * it has replies (it becomes a `deleted` tombstone with an empty body instead), hence no cascade.
 * `hidden` keeps the body for its author only; `removed` erases it. Both keep the statement of reasons
 * (DSA Art. 17), which only the author is shown. author_id is set null when the account goes, by which
 * time its comments have been erased (see deleteAccount).
 */
export const comment = pgTable(
  "comment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    thread: text("thread").notNull(),
    parentId: uuid("parent_id").references((): AnyPgColumn => comment.id),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    status: text("status", { enum: commentStatuses }).notNull().default("published"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: text("moderated_by").references(() => user.id, { onDelete: "set null" }),
    moderationGround: text("moderation_ground", { enum: moderationGrounds }),
    moderationReason: text("moderation_reason"),
  },
  (t) => [
    index("comment_thread_idx").on(t.thread, t.createdAt),
    index("comment_parent_idx").on(t.parentId),
    index("comment_author_idx").on(t.authorId, t.createdAt),
  ],
);

/**
 * A notice about a comment (DSA Art. 16), from a signed-in reader (reporter_id) or anyone (an optional
 * e-mail for the answer). Open until a moderator decides (resolution) or the author deletes the comment.
 */
export const commentReport = pgTable(
  "comment_report",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comment.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: reportReasons }).notNull(),
    details: text("details").notNull().default(""),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reporterEmail: text("reporter_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution", { enum: ["hidden", "removed", "dismissed", "authorDeleted"] }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [index("comment_report_comment_idx").on(t.commentId), index("comment_report_open_idx").on(t.resolvedAt, t.createdAt)],
);
