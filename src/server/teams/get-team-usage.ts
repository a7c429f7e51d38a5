import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing, tokenLedger, user } from "@/server/db/schema";
import { requireTeamRole } from "./require-team-role";

export type TeamUsage = {
  /** Months (YYYY-MM, Polish time) from the oldest shown to this one. */
  months: string[];
  /** Per member (former ones included, by the name they have now or none): tokens spent each month, refunds taken off. */
  members: { userId: string; name: string | null; byMonth: number[] }[];
  /** The newest spends: who, how much, on which listing. */
  recent: { userId: string; name: string | null; amount: number; kind: string; listingId: string | null; listingName: string | null; at: string }[];
};

/** What each member spent from the pool, month by month, and on which listing: for the owner (and admins). */
export async function getTeamUsage(options: { userId: string; teamId: string; months?: number; db?: DbOrTx }): Promise<TeamUsage> {
  const db = options.db ?? (await getDb());
  await requireTeamRole({ db, teamId: options.teamId, userId: options.userId, roles: ["owner", "admin"] });
  const count = options.months ?? 6;
  const month = sql<string>`to_char(${tokenLedger.createdAt} at time zone 'Europe/Warsaw', 'YYYY-MM')`;
  const rows = await db
    .select({ userId: tokenLedger.userId, month, net: sql<number>`-sum(${tokenLedger.amount})` })
    .from(tokenLedger)
    .where(
      and(
        eq(tokenLedger.teamId, options.teamId),
        inArray(tokenLedger.kind, ["spend", "refund"]),
        sql`${tokenLedger.createdAt} >= (date_trunc('month', now() at time zone 'Europe/Warsaw') at time zone 'Europe/Warsaw') - make_interval(months => ${count - 1})`,
      ),
    )
    .groupBy(tokenLedger.userId, month);
  const months = lastMonths(count);
  const names = new Map<string, string | null>();
  const ids = [...new Set(rows.map((r) => r.userId))];
  if (ids.length) for (const u of await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids))) names.set(u.id, u.name);
  const members = ids.map((userId) => ({
    userId,
    name: names.get(userId) ?? null,
    byMonth: months.map((m) => Math.max(0, Number(rows.find((r) => r.userId === userId && r.month === m)?.net ?? 0))),
  }));
  const listingId = sql<string | null>`case when ${tokenLedger.reference} like 'listing:%' then substr(${tokenLedger.reference}, 9) end`;
  const recent = await db
    .select({ userId: tokenLedger.userId, name: user.name, amount: tokenLedger.amount, kind: tokenLedger.kind, listingId, listingName: listing.name, at: tokenLedger.createdAt })
    .from(tokenLedger)
    .leftJoin(user, eq(user.id, tokenLedger.userId))
    .leftJoin(listing, sql`${listing.id} = ${listingId}`)
    .where(and(eq(tokenLedger.teamId, options.teamId), inArray(tokenLedger.kind, ["spend", "refund"])))
    .orderBy(desc(tokenLedger.createdAt))
    .limit(50);
  return { months, members, recent: recent.map((r) => ({ ...r, at: r.at.toISOString() })) };
}

function lastMonths(count: number): string[] {
  const warsaw = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit" }).format(new Date());
  const [year, month] = warsaw.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}
