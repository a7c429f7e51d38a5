import "server-only";
import { getActiveAccount } from "@/server/teams/get-active-account";

/** The team the person works in now (read on every request, so only while they are its member), or null for their own account. */
export async function activeTeamId(userId: string): Promise<string | null> {
  const active = await getActiveAccount({ userId });
  return active.kind === "team" ? active.teamId : null;
}
