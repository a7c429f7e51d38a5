import "server-only";
import { and, eq, inArray, isNull, notInArray, or } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { image, tokenLedger, user, verification } from "@/server/db/schema";
import { getStorage } from "@/server/storage/get-storage";
import { labelledHdKeys } from "@/server/images/result-keys";
import { log } from "@/server/log";
import { billingContext } from "@/server/billing/billing-context";
import { endSubscriptionsOfAccount } from "@/server/billing/end-subscriptions-of-account";
import { eraseCommentsOfUser } from "@/server/comments/erase-comments-of-user";
import { forgetThreadPages } from "@/server/comments/forget-thread-pages";
import { handOverTeams } from "@/server/teams/hand-over-teams";

/** Ledger kinds that record money changing hands; accounting law keeps these after the account is gone. */
const retainedKinds = ["purchase", "renewal"] as const;

/**
 * Removes the user and everything of theirs. Sessions, OAuth accounts, profile and the cached balance go
 * by cascade; pending verification tokens by identifier; ledger entries except payments are deleted and
 * payment entries are kept under the now-dangling id with no e-mail attached. Photos and results go too:
 * rows by cascade, objects here (the sweeper only knows objects by their rows). Live subscriptions are
 * ended at the provider first; payment records (payment, ledger purchases) are kept as accounting asks.
 * Comments go too; one that others replied to stays as a "comment deleted" placeholder without text or
 * author, so their replies keep their place, and the cached pages of those posts are rendered anew at once.
 * A team the person owns passes to another member (an admin first), or is closed when nobody else is in it.
 */
export async function deleteAccount(options: { userId: string }): Promise<void> {
  const db = await getDb();
  await endSubscriptionsOfAccount(await billingContext(), options.userId);
  const { threads, images } = await db.transaction(async (tx) => {
    const [u] = await tx.select({ email: user.email }).from(user).where(eq(user.id, options.userId));
    if (!u) return { threads: [], images: [] };
    await tx
      .delete(tokenLedger)
      .where(and(eq(tokenLedger.userId, options.userId), isNull(tokenLedger.teamId), notInArray(tokenLedger.kind, [...retainedKinds])));
    // A team's pool entries are the team's records (who spent is then a dangling id); its ownership and the
    // person's team listings are handed on before the account goes.
    const teams = await handOverTeams({ db: tx, userId: options.userId });
    if (teams.handedOver.length || teams.closed.length) log.info("account.teams_handed_over", { userId: options.userId, ...teams });
    // Read after the hand-over: what was made for a team that goes on is the team's now, not deleted.
    const images = await tx.select({ id: image.id, storageKey: image.storageKey, displayKey: image.displayKey }).from(image).where(eq(image.userId, options.userId));
    const changed = await eraseCommentsOfUser(tx, options.userId);
    // Password-reset tokens store the user id as their value.
    await tx.delete(verification).where(or(inArray(verification.identifier, [u.email]), eq(verification.value, options.userId)));
    await tx.delete(user).where(eq(user.id, options.userId));
    return { threads: changed, images };
  });
  await forgetThreadPages({ threads });
  const storage = getStorage();
  const keys = images.flatMap((i) => [i.storageKey, ...(i.displayKey ? [i.displayKey] : []), ...labelledHdKeys(i)]);
  for (const storageKey of keys) await storage.delete(storageKey).catch((error: unknown) => log.warn("account.image_delete_failed", { storageKey, error }));
  log.info("account.deleted", { userId: options.userId, images: images.length });
}
