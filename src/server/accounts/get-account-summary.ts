import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "@/server/db/client";
import { preparedRead } from "@/server/db/prepared-read";
import { account, profile, subscription, tokenAccount, user } from "@/server/db/schema";
import { getSubscriptionState, toSubscriptionState, type SubscriptionState } from "@/server/billing/subscription-state";
import type { TeamRole } from "@/server/db/schema";
import { getActiveAccount } from "@/server/teams/get-active-account";
import { listTeamsOfUser } from "@/server/teams/list-teams-of-user";
import { getBalance } from "@/server/tokens/get-balance";
import { getMemberCapLeft } from "@/server/tokens/get-member-cap-left";

export type AccountSummary = {
  userId: string;
  email: string | null;
  emailVerified: boolean;
  balance: number;
  /** The newest paid subscription, active or ended; null when the user never had one. */
  subscription: SubscriptionState | null;
  /** Present until the user closes the free-tokens modal; analytics gets a hash of the e-mail, never the e-mail. */
  welcome: { grantedAt: Date; method: string; emailSha256: string } | null;
  hasPassword: boolean;
  /** The teams the person belongs to and the one they work in now (null: their own account), with its pool and its subscription. */
  teams: { id: string; name: string; role: TeamRole }[];
  activeTeam: { id: string; name: string; role: TeamRole; balance: number; subscription: SubscriptionState | null; capLeft: number | null } | null;
};

/** One statement: the header, menus and modal of every signed-in page read it. */
export async function getAccountSummary(options: { userId: string }): Promise<AccountSummary | null> {
  const [[row], teams, active] = await Promise.all([
    readAccountSummary({ userId: options.userId }),
    listTeamsOfUser({ userId: options.userId }),
    getActiveAccount({ userId: options.userId }),
  ]);
  if (!row) return null;
  const activeTeam = active.kind === "team" ? await readActiveTeam(options.userId, active) : null;
  const method = row.hasPassword ? "email" : (row.firstProvider ?? "email");
  return {
    userId: options.userId,
    email: row.email || null,
    emailVerified: row.emailVerified,
    balance: row.balance ?? 0,
    subscription: row.subscription && row.subscription.paidUntil !== null ? toSubscriptionState(row.subscription) : null,
    welcome:
      row.grantedAt && !row.shownAt
        ? { grantedAt: row.grantedAt, method, emailSha256: createHash("sha256").update(row.email.trim().toLowerCase()).digest("hex") }
        : null,
    hasPassword: row.hasPassword,
    teams,
    activeTeam,
  };
}

const readAccountSummary = preparedRead("account_summary", (db: DbOrTx) => {
  const newest = alias(subscription, "newest_subscription");
  const newestId = db
    .select({ id: newest.id })
    .from(newest)
    // A team's subscription is the team's, shown on its page, not the person's.
    .where(and(eq(newest.userId, user.id), isNull(newest.teamId)))
    .orderBy(isNull(newest.paidUntil), desc(newest.createdAt))
    .limit(1);
  return db
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      balance: tokenAccount.balance,
      grantedAt: profile.freeTokensGrantedAt,
      shownAt: profile.welcomeModalShownAt,
      hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential')`,
      firstProvider: sql<string | null>`(select ${account.providerId} from ${account} where ${account.userId} = ${user.id} limit 1)`,
      subscription,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .leftJoin(tokenAccount, eq(tokenAccount.userId, user.id))
    .leftJoin(subscription, eq(subscription.id, sql`(${newestId})`))
    .where(eq(user.id, sql.placeholder("userId")));
});

/** The team the person works as: its pool, its subscription and what the person's monthly cap there still allows (null: no cap), read at once. */
async function readActiveTeam(userId: string, active: { teamId: string; name: string; role: TeamRole }): Promise<NonNullable<AccountSummary["activeTeam"]>> {
  const db = await getDb();
  const [balance, subscription, capLeft] = await Promise.all([
    getBalance({ userId, teamId: active.teamId }),
    getSubscriptionState(db, userId, active.teamId),
    getMemberCapLeft({ db, teamId: active.teamId, userId }),
  ]);
  return { id: active.teamId, name: active.name, role: active.role, balance, subscription, capLeft };
}
