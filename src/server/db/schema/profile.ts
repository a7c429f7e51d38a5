import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * What the product keeps about a user beyond the auth library's columns. Written only by domain
 * functions (never accepted from a sign-up form), so nobody can grant themselves anything.
 */
export const profile = pgTable("profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  locale: text("locale", { enum: ["pl", "en"] }).notNull().default("pl"),
  freeTokensGrantedAt: timestamp("free_tokens_granted_at", { withTimezone: true }),
  welcomeModalShownAt: timestamp("welcome_modal_shown_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who has had the free tokens, by SHA-256 of the normalized e-mail. Kept when an account is deleted, so
 * deleting and re-registering with the same address does not grant them again. Holds no personal data
 * beyond the hash, which is needed for exactly this purpose (legitimate interest: preventing abuse).
 */
export const freeTokenClaim = pgTable("free_token_claim", {
  emailSha256: text("email_sha256").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
