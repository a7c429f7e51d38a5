import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const ledgerKinds = ["grant", "purchase", "renewal", "spend", "refund", "adjustment"] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * The cached balance, one row per user, updated in the same transaction as every ledger entry. Its row
 * lock serializes concurrent spends; the CHECK makes a negative balance impossible even for a bug.
 */
export const tokenAccount = pgTable(
  "token_account",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("token_account_balance_non_negative", sql`${t.balance} >= 0`)],
);

/**
 * Append-only: rows are inserted, never updated. The idempotency key makes every grant, purchase,
 * renewal and refund count once however often it is retried or replayed. user_id is kept as plain text
 * (no cascade) because payment entries must outlive a deleted account; see deleteAccount.
 */
export const tokenLedger = pgTable(
  "token_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    /** The team whose pool the entry moved (user_id is then the member who spent); null for the person's own tokens. Plain text, as user_id. */
    teamId: text("team_id"),
    kind: text("kind", { enum: ledgerKinds }).notNull(),
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    reference: text("reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("token_ledger_user_idx").on(t.userId, t.createdAt),
    index("token_ledger_team_idx").on(t.teamId, t.createdAt),
    check("token_ledger_amount_sign", sql`(${t.kind} in ('spend') and ${t.amount} < 0) or (${t.kind} in ('grant','purchase','renewal','refund') and ${t.amount} > 0) or ${t.kind} = 'adjustment'`),
  ],
);
