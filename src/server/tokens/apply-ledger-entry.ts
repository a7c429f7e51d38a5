import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { team, teamMember, tokenAccount, tokenLedger, type LedgerKind } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { monthSpentByMember } from "./month-spent-by-member";

export type LedgerEntryInput = {
  /** The person: the owner of the tokens, or, with teamId, the member who spends or is credited. */
  userId: string;
  /** Moves the team's pool instead of the person's own tokens; a spend needs userId to be a member, within their monthly cap. */
  teamId?: string | null;
  kind: LedgerKind;
  /** Positive adds tokens, negative takes them. */
  amount: number;
  idempotencyKey: string;
  reference?: string;
};

export type LedgerResult = { applied: boolean; balance: number };

/**
 * The only writer of balances. Locks the owner's row (the person's account, or the team's for its pool),
 * so entries of one owner apply one at a time on PostgreSQL and on PGlite; a key seen before returns the
 * current balance and changes nothing; a change that would go below zero, or past a member's monthly cap,
 * throws INSUFFICIENT_TOKENS and changes nothing.
 */
export async function applyLedgerEntry(db: DbOrTx, entry: LedgerEntryInput): Promise<LedgerResult> {
  if (!Number.isInteger(entry.amount) || entry.amount === 0) throw new AppError("INVALID_INPUT", { field: "amount" });
  const teamId = entry.teamId ?? null;
  return db.transaction(async (tx) => {
    const balance = teamId ? await lockTeam(tx, teamId) : await lockPerson(tx, entry.userId);
    // Checked under the row lock, so two retries of one key cannot both pass. Keys are global: one that
    // another owner's entry already holds is a caller's bug, not a retry.
    const [seen] = await tx
      .select({ userId: tokenLedger.userId, teamId: tokenLedger.teamId })
      .from(tokenLedger)
      .where(eq(tokenLedger.idempotencyKey, entry.idempotencyKey))
      .limit(1);
    if (seen && (seen.userId !== entry.userId || seen.teamId !== teamId)) throw new AppError("CONFLICT", { idempotencyKey: entry.idempotencyKey });
    if (seen) return { applied: false, balance };
    const next = balance + entry.amount;
    if (next < 0) throw new AppError("INSUFFICIENT_TOKENS", { balance, attempted: -entry.amount });
    if (teamId && entry.kind === "spend") await checkMemberMaySpend(tx, teamId, entry.userId, -entry.amount);
    if (teamId) await tx.update(team).set({ balance: next }).where(eq(team.id, teamId));
    else await tx.update(tokenAccount).set({ balance: next, updatedAt: sql`now()` }).where(eq(tokenAccount.userId, entry.userId));
    await tx.insert(tokenLedger).values({
      userId: entry.userId,
      teamId,
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter: next,
      idempotencyKey: entry.idempotencyKey,
      reference: entry.reference ?? null,
    });
    return { applied: true, balance: next };
  });
}

async function lockPerson(tx: DbOrTx, userId: string): Promise<number> {
  await tx.insert(tokenAccount).values({ userId, balance: 0 }).onConflictDoNothing();
  const [account] = await tx.select({ balance: tokenAccount.balance }).from(tokenAccount).where(eq(tokenAccount.userId, userId)).for("update");
  return account?.balance ?? 0;
}

async function lockTeam(tx: DbOrTx, teamId: string): Promise<number> {
  const [row] = await tx.select({ balance: team.balance }).from(team).where(eq(team.id, teamId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row.balance;
}

/**
 * Under the team's lock, which removal and cap changes take too: a member removed a moment ago spends
 * nothing more, and parallel spends of one member cannot pass the cap together.
 */
async function checkMemberMaySpend(tx: DbOrTx, teamId: string, userId: string, amount: number): Promise<void> {
  const [member] = await tx
    .select({ cap: teamMember.monthlyCap })
    .from(teamMember)
    .where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, userId)));
  if (!member) throw new AppError("FORBIDDEN", { reason: "notTeamMember" });
  if (member.cap === null) return;
  const spent = await monthSpentByMember(tx, teamId, userId);
  const left = Math.max(0, member.cap - spent);
  if (amount > left) throw new AppError("INSUFFICIENT_TOKENS", { balance: left, attempted: amount, reason: "monthlyCap" });
}
