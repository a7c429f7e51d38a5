import "server-only";
import type { Locale } from "@/config/routes";
import { getAccountSummary } from "@/server/accounts/get-account-summary";
import { listDesignBatches } from "@/server/generation/list-design-batches";
import { listRecentBatches } from "@/server/generation/list-recent-batches";
import { listGallery } from "@/server/images/list-gallery";
import type { PersonData, PersonDataPart } from "@/web/shared/person-data";
import { accountMenuData } from "./account-menu-data";
import { welcomeDialog } from "./layout-labels";
import { activeTeamId } from "./active-team";

/** What a signed-in shell shows of the person (src/web/shared/person-data.ts), or null for an account that is gone. */
export async function readPersonData(options: { userId: string; locale: Locale; part: PersonDataPart | null }): Promise<PersonData | null> {
  const { userId, locale, part } = options;
  // What the person made where they work now: their own, or the team's.
  const teamId = part ? await activeTeamId(userId) : null;
  const [account, gallery, batches] = await Promise.all([
    getAccountSummary({ userId }),
    part === "gallery" ? listGallery({ userId, teamId }) : null,
    part === "batches" ? listRecentBatches({ userId, teamId }) : part === "gallery" ? listDesignBatches({ userId, teamId }) : null,
  ]);
  if (!account) return null;
  return {
    menu: accountMenuData(account, locale),
    welcome: welcomeDialog(account, locale),
    // In a team, what one can spend is the pool.
    balance: account.activeTeam?.balance ?? account.balance,
    team: account.activeTeam?.name ?? null,
    capLeft: account.activeTeam?.capLeft ?? null,
    now: Date.now(),
    gallery,
    batches,
  };
}
